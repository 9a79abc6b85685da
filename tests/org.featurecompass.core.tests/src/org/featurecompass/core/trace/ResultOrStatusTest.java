package org.featurecompass.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.junit.jupiter.api.Test;

/**
 * The statuses every data provider answers ({@link ResultOrStatus}) and the requested times it
 * reads first ({@link RequestedTimes}): which status wins, when the analysis is scheduled, and the
 * range a query asks for.
 */
class ResultOrStatusTest {

    /** @return an analysis module that only records the calls made to it */
    private static IAnalysisModule recording(List<String> calls) {
        return (IAnalysisModule) Proxy.newProxyInstance(IAnalysisModule.class.getClassLoader(), new Class<?>[] { IAnalysisModule.class },
                (proxy, method, args) -> {
                    calls.add(method.getName());
                    return null;
                });
    }

    @Test
    void anAnalysisWithoutResultOrFailureIsScheduledAndRunning() {
        List<String> calls = new ArrayList<>();
        IAnalysisModule module = recording(calls);

        ResultOrStatus<String> running = ResultOrStatus.of(module, null, null);
        assertEquals(ITmfResponse.Status.RUNNING, running.status());
        assertEquals(CommonStatusMessage.RUNNING, running.message());
        assertEquals(List.of("schedule"), calls, "the first query starts the analysis");

        calls.clear();
        ResultOrStatus<String> failed = ResultOrStatus.of(module, null, "no regions");
        assertEquals(ITmfResponse.Status.FAILED, failed.status());
        assertEquals("no regions", failed.message());
        ResultOrStatus<String> done = ResultOrStatus.of(module, "result", "an older failure");
        assertEquals(ITmfResponse.Status.COMPLETED, done.status());
        assertEquals("result", done.result(), "a result wins over a failure");
        assertEquals(List.of(), calls, "neither a failed nor a completed analysis is scheduled again");
    }

    @Test
    void responsesCarryTheStatusAndMessage() {
        var response = ResultOrStatus.<String> failed("bad").<List<String>> response(List.of());
        assertEquals(ITmfResponse.Status.FAILED, response.getStatus());
        assertEquals("bad", response.getStatusMessage());
        assertEquals(List.of(), response.getModel());
        ResultOrStatus<Integer> empty = ResultOrStatus.completedEmpty("no such thread");
        assertEquals(ITmfResponse.Status.COMPLETED, empty.status());
        assertFalse(empty.hasResult());
        ResultOrStatus<Long> cancelled = ResultOrStatus.<String> cancelled().withoutResult();
        assertEquals(ITmfResponse.Status.CANCELLED, cancelled.status());
        assertEquals(CommonStatusMessage.TASK_CANCELLED, cancelled.message());
    }

    @Test
    void requestedTimes() {
        RequestedTimes whole = Objects.requireNonNull(RequestedTimes.of(Map.of(), null).result());
        assertFalse(whole.given());
        assertEquals(Long.MIN_VALUE, whole.start());
        assertEquals(Long.MAX_VALUE, whole.end());
        RequestedTimes none = Objects.requireNonNull(
                RequestedTimes.of(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of()), null).result());
        assertFalse(none.given(), "an empty list asks for the whole trace");

        RequestedTimes some = Objects.requireNonNull(
                RequestedTimes.of(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(30L, 10L, 20L)), null).result());
        assertTrue(some.given());
        assertEquals(10, some.start(), "the smallest");
        assertEquals(30, some.end(), "the largest");
        assertEquals(30, some.first(), "a tooltip's time is the first given");

        Map<String, Object> malformed = Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, "yesterday");
        ResultOrStatus<RequestedTimes> bad = RequestedTimes.of(malformed, new NullProgressMonitor());
        assertNull(bad.result());
        assertEquals(ITmfResponse.Status.FAILED, bad.status());
        assertEquals(CommonStatusMessage.INCORRECT_QUERY_PARAMETERS, bad.message());
        assertFalse(RequestedTimes.orWhole(malformed).given(), "row and tooltip queries read malformed times as none");

        NullProgressMonitor cancelledMonitor = new NullProgressMonitor();
        cancelledMonitor.setCanceled(true);
        assertEquals(ITmfResponse.Status.CANCELLED, RequestedTimes.of(malformed, cancelledMonitor).status(),
                "a cancelled query is answered CANCELLED before its parameters are read");
        assertSame(ITmfResponse.Status.COMPLETED, RequestedTimes.of(Map.of(), new NullProgressMonitor()).status());
    }
}
