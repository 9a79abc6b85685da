package org.featurecompass.model.execution;

import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Which events delimit an execution: an event name, optionally a phase, and optionally payload
 * fields that must have given values (e.g. {@code ID = 1} to pick one region among regions of the
 * same name).
 *
 * @param name the event name, exact
 * @param phase the required phase, or null for any
 * @param where field name to required value, compared as text (numbers in plain decimal)
 */
public record EventSelector(String name, @Nullable DelimiterPhase phase, Map<String, String> where) {

    /** Copies the conditions, sorted by field name. */
    public EventSelector {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("an event selector needs an event name"); //$NON-NLS-1$
        }
        where = Map.copyOf(new TreeMap<>(where));
    }

    /**
     * @param name an event name
     * @return a selector of every event with that name
     */
    public static EventSelector named(String name) {
        return new EventSelector(name, null, Map.of());
    }

    /** @return whether an event has the selector's name and phase (the field conditions aside) */
    boolean matchesName(DelimiterEvent event) {
        return name.equals(event.name()) && (phase == null || phase == event.phase());
    }

    /**
     * @param event an event
     * @return whether it is selected
     */
    public boolean matches(DelimiterEvent event) {
        if (!matchesName(event)) {
            return false;
        }
        for (Map.Entry<String, String> condition : where.entrySet()) {
            if (!condition.getValue().equals(event.fieldText(condition.getKey()))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(name);
        if (phase != null) {
            text.append(" (").append(phase.jsonName()).append(')'); //$NON-NLS-1$
        }
        where.forEach((field, value) -> text.append(" [").append(field).append('=').append(value).append(']')); //$NON-NLS-1$
        return text.toString();
    }
}
