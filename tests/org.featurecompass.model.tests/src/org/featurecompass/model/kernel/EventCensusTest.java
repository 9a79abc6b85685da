package org.featurecompass.model.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Tests {@link EventCensus}. */
class EventCensusTest {

    @Test
    void countsByNameAndCpuAndKeepsSpan() {
        EventCensus census = new EventCensus();
        census.count("sched_switch", 0, 50);
        census.count("sched_switch", 1, 20);
        census.count("irq_handler_entry", 1, 90);
        census.count("lost", EventCensus.UNKNOWN_CPU, 70);
        assertEquals(Map.of("irq_handler_entry", 1L, "lost", 1L, "sched_switch", 2L), census.byName());
        assertEquals(List.of("irq_handler_entry", "lost", "sched_switch"), List.copyOf(census.byName().keySet()));
        assertEquals(Map.of(-1, 1L, 0, 1L, 1, 2L), census.byCpu());
        assertEquals(4, census.total());
        assertEquals(20, census.firstNs());
        assertEquals(90, census.lastNs());
    }
}
