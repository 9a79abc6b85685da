package org.featurecompass.model.execution;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * What one execution of a task is in a trace (TraceCompare §3.2.1: "the trace must provide a way
 * to identify the start and end points of each execution"). Each definition gives its
 * executions a type, and only executions of one type are compared (§3.2.1).
 */
public sealed interface ExecutionDefinition permits ExecutionDefinition.EventPair, ExecutionDefinition.Slice,
        ExecutionDefinition.Async, ExecutionDefinition.FeatureRegion {

    /** @return the execution type, unique among the definitions of a trace */
    String type();

    /** @return the user metrics computed for each execution, in order */
    List<UserMetric> metrics();

    /** @return this definition with other user metrics */
    ExecutionDefinition withMetrics(List<UserMetric> newMetrics);

    /** @return this definition with another execution type, everything else the same */
    ExecutionDefinition withType(String newType);

    /** @return which of the permitted records this is (what {@code switch} expressions over definitions dispatch on) */
    Kind kind();

    /**
     * The kinds of definition, one per permitted record, with the {@code kind} of the saved
     * definitions (doc/executions.md). Code that treats each kind differently switches over
     * {@link #kind()} in a {@code switch} expression without {@code default}, so a new kind does not
     * compile until every such place handles it; {@code ExecutionDefinitionKindsTest} checks that
     * every record has its own kind and goes through every such place.
     */
    enum Kind {
        /** {@link EventPair} */
        EVENT_PAIR("eventPair"), //$NON-NLS-1$
        /** {@link Slice} */
        SLICE("slice"), //$NON-NLS-1$
        /** {@link Async} */
        ASYNC("async"), //$NON-NLS-1$
        /** {@link FeatureRegion} */
        FEATURE_REGION("featureRegion"); //$NON-NLS-1$

        private final String fJsonName;

        Kind(String jsonName) {
            fJsonName = jsonName;
        }

        /** @return the {@code kind} of a saved definition of this kind */
        public String jsonName() {
            return fJsonName;
        }
    }

    /**
     * A begin event and an end event paired by a key: LTTng UST or kernel events, TEF instants,
     * recorder events.
     *
     * @param type the execution type
     * @param begin the begin events
     * @param end the end events
     * @param key what pairs them
     * @param metrics user metrics
     */
    record EventPair(String type, EventSelector begin, EventSelector end, MatchKey key, List<UserMetric> metrics)
            implements ExecutionDefinition {
        /** Copies the metrics. */
        public EventPair {
            metrics = List.copyOf(metrics);
        }

        @Override
        public EventPair withMetrics(List<UserMetric> newMetrics) {
            return new EventPair(type, begin, end, key, newMetrics);
        }

        @Override
        public EventPair withType(String newType) {
            return new EventPair(newType, begin, end, key, metrics);
        }

        @Override
        public Kind kind() {
            return Kind.EVENT_PAIR;
        }
    }

    /**
     * The calls of a thread at one nesting depth: TEF complete ({@code X}) and {@code B}/{@code E}
     * slices, LTTng UST {@code func_entry}/{@code func_exit}.
     *
     * @param type the execution type
     * @param depth nesting depth, 0 for the top-level slices of each thread
     * @param name only slices of this name, or null for every name at that depth
     * @param metrics user metrics
     */
    record Slice(String type, int depth, @Nullable String name, List<UserMetric> metrics) implements ExecutionDefinition {
        /** Checks the depth, copies the metrics. */
        public Slice {
            if (depth < 0) {
                throw new IllegalArgumentException("slice depth " + depth + " is negative"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            metrics = List.copyOf(metrics);
        }

        @Override
        public Slice withMetrics(List<UserMetric> newMetrics) {
            return new Slice(type, depth, name, newMetrics);
        }

        @Override
        public Slice withType(String newType) {
            return new Slice(newType, depth, name, metrics);
        }

        @Override
        public Kind kind() {
            return Kind.SLICE;
        }
    }

    /**
     * TEF async spans ({@code b}/{@code e}, legacy {@code S}/{@code F}), paired by category, name
     * and id.
     *
     * @param type the execution type
     * @param name only spans of this name, or null for all
     * @param category only spans of this category, or null for all
     * @param metrics user metrics
     */
    record Async(String type, @Nullable String name, @Nullable String category, List<UserMetric> metrics)
            implements ExecutionDefinition {
        /** Copies the metrics. */
        public Async {
            metrics = List.copyOf(metrics);
        }

        @Override
        public Async withMetrics(List<UserMetric> newMetrics) {
            return new Async(type, name, category, newMetrics);
        }

        @Override
        public Async withType(String newType) {
            return new Async(newType, name, category, metrics);
        }

        @Override
        public Kind kind() {
            return Kind.ASYNC;
        }
    }

    /**
     * The instances of a feature region, as the feature-region analysis matched them (one
     * instance, one execution). The requests of the recorder's TCP demo are the client's
     * {@code FR(Request)} instances; their critical path crosses to the server's threads.
     *
     * @param type the execution type
     * @param region the region name, e.g. {@code FR(Request)}
     * @param metrics user metrics
     */
    record FeatureRegion(String type, String region, List<UserMetric> metrics) implements ExecutionDefinition {
        /** Copies the metrics. */
        public FeatureRegion {
            metrics = List.copyOf(metrics);
        }

        @Override
        public FeatureRegion withMetrics(List<UserMetric> newMetrics) {
            return new FeatureRegion(type, region, newMetrics);
        }

        @Override
        public FeatureRegion withType(String newType) {
            return new FeatureRegion(newType, region, metrics);
        }

        @Override
        public Kind kind() {
            return Kind.FEATURE_REGION;
        }
    }
}
