package org.featurecompass.tef.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;

/**
 * The one Jackson factory of this bundle. Jackson's default limits (20 MB strings, 1,000 nesting
 * levels) are raised because a TEF file's metadata may legitimately hold whole source files.
 */
public final class TefJsonFactory {

    public static final JsonFactory INSTANCE = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxNestingDepth(100_000)
                    .build())
            .build();

    private TefJsonFactory() {
    }
}
