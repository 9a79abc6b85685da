package org.featurecompass.model.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Block requests paired by host, device and first sector, in issue order; completions without
 * an issue and issues never completed counted.
 */
class BlockRequestMatcherTest {

    @Test
    void pairsByDeviceAndSectorAndCountsTheRest() {
        BlockRequestMatcher matcher = new BlockRequestMatcher();
        ThreadKey a = new ThreadKey("h", 1);
        ThreadKey b = new ThreadKey("h", 2);
        matcher.complete("h", 8, 10, 5); // issued before the trace
        matcher.issue(a, "a", 8, 10, 10);
        matcher.issue(b, "b", 8, 10, 20); // same sector again: completes second
        matcher.issue(b, "b", 9, 10, 30); // another device
        matcher.complete("h", 8, 10, 40);
        matcher.complete("other", 8, 10, 45); // another host's disk
        matcher.complete("h", 8, 10, 50);
        assertEquals(2, matcher.requests());
        assertEquals(2, matcher.unmatchedCompletions());
        assertEquals(1, matcher.unfinishedIssues());
        assertEquals(List.of(new BlockDeviceUsage.User(a, "a", 10, 30), new BlockDeviceUsage.User(b, "b", 20, 30)),
                matcher.usage().users("h", 0, 100));
    }
}
