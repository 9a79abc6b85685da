package org.featurecompass.tef.json;

import java.util.OptionalLong;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.tef.TefAsyncId;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefJsonText;

/**
 * Collects an event's fields while its JSON object is parsed ({@link EventObjectParser},
 * {@link FlatEventReader}) and makes the {@link TefEvent}. A parser reuses one builder for all its
 * events. Not thread-safe.
 */
public final class TefEventBuilder {

    long rank;
    long byteOffset;
    long timestampNs;
    String phaseText = ""; //$NON-NLS-1$
    @Nullable String name;
    @Nullable String category;
    @Nullable String pid;
    @Nullable String tid;
    OptionalLong durationNs = OptionalLong.empty();
    OptionalLong threadTimestampNs = OptionalLong.empty();
    OptionalLong threadDurationNs = OptionalLong.empty();
    @Nullable String idValue;
    @Nullable String id2Kind;
    @Nullable String id2Value;
    @Nullable String scope;
    @Nullable String instantScope;
    @Nullable String bindingPoint;
    final OrderedFields<Object> args = new OrderedFields<>();
    final OrderedFields<TefJsonText> otherFields = new OrderedFields<>();

    /** Clears every field for the next event: a parser reuses its builder. */
    TefEventBuilder reset(long eventRank, long eventByteOffset, long eventTimestampNs) {
        rank = eventRank;
        byteOffset = eventByteOffset;
        timestampNs = eventTimestampNs;
        phaseText = ""; //$NON-NLS-1$
        name = null;
        category = null;
        pid = null;
        tid = null;
        durationNs = OptionalLong.empty();
        threadTimestampNs = OptionalLong.empty();
        threadDurationNs = OptionalLong.empty();
        idValue = null;
        id2Kind = null;
        id2Value = null;
        scope = null;
        instantScope = null;
        bindingPoint = null;
        args.clear();
        otherFields.clear();
        return this;
    }

    TefEvent build() {
        String kindText = id2Kind;
        String value = kindText != null ? id2Value : idValue;
        TefAsyncId asyncId = null;
        if (value != null) {
            TefAsyncId.Kind kind = "local".equals(kindText) ? TefAsyncId.Kind.LOCAL //$NON-NLS-1$
                    : "global".equals(kindText) ? TefAsyncId.Kind.GLOBAL : TefAsyncId.Kind.ID; //$NON-NLS-1$
            asyncId = new TefAsyncId(value, kind, scope);
        }
        return new TefEvent(rank, byteOffset, timestampNs, phaseText, name, category, pid, tid, durationNs,
                threadTimestampNs, threadDurationNs, asyncId, instantScope, bindingPoint, args.build(), otherFields.build());
    }
}
