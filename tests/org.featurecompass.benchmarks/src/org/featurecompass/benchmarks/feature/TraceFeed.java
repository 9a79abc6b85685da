package org.featurecompass.benchmarks.feature;

import java.io.IOException;

import org.featurecompass.core.feature.feed.RegionEventConverter;
import org.featurecompass.model.feature.FeatureRegionAnalysis;
import org.featurecompass.model.feature.RegionEvent;
import org.featurecompass.tef.TefCursor;
import org.featurecompass.tef.TefEntry;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefLostEvents;
import org.featurecompass.tef.TefTrace;

/** The feature benchmarks' reading of a TEF trace into the feature-region analysis. */
final class TraceFeed {

    private TraceFeed() {
    }

    /**
     * Feeds every region event and lost-event range of the trace, in time order.
     *
     * @param trace the opened trace
     * @param converter the TEF-to-region-event converter
     * @param analysis the analysis fed
     * @throws IOException if the trace cannot be read
     */
    static void feed(TefTrace trace, RegionEventConverter converter, FeatureRegionAnalysis analysis) throws IOException {
        TefCursor cursor = trace.cursor(0);
        while (cursor.hasNext()) {
            TefEntry entry = cursor.next();
            if (entry instanceof TefEvent event) {
                RegionEvent region = converter.convert(event);
                if (region != null) {
                    analysis.accept(region);
                }
            } else if (entry instanceof TefLostEvents lost) {
                analysis.gap(converter.gap(lost));
            }
        }
    }
}
