package org.featurecompass.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse.Status;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.featurecompass.core.execution.ExecutionTypeChoice;
import org.junit.jupiter.api.Test;

/**
 * The one fetch of the tree providers ({@link AnalysisTreeDataProvider}): which status wins in
 * which order, and that the analysis and the tree are asked only when the steps before let them;
 * and the one rule choosing the execution type shown ({@link ExecutionTypeChoice}).
 */
class AnalysisTreeDataProviderTest {

    /** A provider whose analysis answers what a test sets, recording the steps it is asked for. */
    private static final class Probe extends AnalysisTreeDataProvider<TmfTreeDataModel, String> {
        final List<String> steps = new ArrayList<>();
        ResultOrStatus<String> analysis = ResultOrStatus.completed("result"); //$NON-NLS-1$
        boolean cancelDuringTree;

        @Override
        public String getId() {
            return "probe"; //$NON-NLS-1$
        }

        @Override
        protected ResultOrStatus<String> analysis(Query query) {
            steps.add("analysis " + query.times().start() + '-' + query.times().end()); //$NON-NLS-1$
            return analysis;
        }

        @Override
        protected TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> tree(String result, Query query, IProgressMonitor monitor) {
            steps.add("tree " + result); //$NON-NLS-1$
            if (cancelDuringTree) {
                monitor.setCanceled(true);
            }
            return ResultOrStatus.completed(result).response(new TmfTreeModel<>(List.of("h"), List.of(new TmfTreeDataModel(1, -1, List.of(result))))); //$NON-NLS-1$
        }

        @Override
        protected TmfTreeModel<TmfTreeDataModel> empty(ResultOrStatus<?> status) {
            steps.add("empty " + status.status()); //$NON-NLS-1$
            return new TmfTreeModel<>(List.of("h"), List.of()); //$NON-NLS-1$
        }
    }

    @Test
    void completedWithTheTreeOfTheRequestedRange() {
        Probe probe = new Probe();
        TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> answer = probe.fetchTree(
                Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(30L, 10L, 20L)), new NullProgressMonitor());
        assertEquals(Status.COMPLETED, answer.getStatus());
        assertEquals(List.of("analysis 10-30", "tree result"), probe.steps); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(1, answer.getModel().getEntries().size());
    }

    @Test
    void cancelledBeforeAnythingIsAsked() {
        Probe probe = new Probe();
        NullProgressMonitor monitor = new NullProgressMonitor();
        monitor.setCanceled(true);
        TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> answer = probe.fetchTree(Map.of(), monitor);
        assertEquals(Status.CANCELLED, answer.getStatus());
        assertEquals(List.of("empty CANCELLED"), probe.steps); //$NON-NLS-1$
        assertTrue(answer.getModel().getEntries().isEmpty());
    }

    @Test
    void malformedTimesFailWithoutAskingTheAnalysis() {
        Probe probe = new Probe();
        TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> answer = probe.fetchTree(
                Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, "soon"), null); //$NON-NLS-1$
        assertEquals(Status.FAILED, answer.getStatus());
        assertEquals(List.of("empty FAILED"), probe.steps); //$NON-NLS-1$
    }

    @Test
    void theAnalysisStatusIsAnsweredWithoutATree() {
        for (ResultOrStatus<String> status : List.of(ResultOrStatus.<String> running(), ResultOrStatus.<String> failed("broken"))) { //$NON-NLS-1$
            Probe probe = new Probe();
            probe.analysis = status;
            TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> answer = probe.fetchTree(Map.of(), null);
            assertEquals(status.status(), answer.getStatus());
            assertEquals(status.message(), answer.getStatusMessage());
            assertEquals(List.of("analysis " + Long.MIN_VALUE + '-' + Long.MAX_VALUE, "empty " + status.status()), probe.steps); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    @Test
    void cancelledWhileBuildingReplacesTheAnswer() {
        Probe probe = new Probe();
        probe.cancelDuringTree = true;
        TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> answer = probe.fetchTree(Map.of(), new NullProgressMonitor());
        assertEquals(Status.CANCELLED, answer.getStatus());
        assertTrue(answer.getModel().getEntries().isEmpty());
    }

    @Test
    void executionTypeChoice() {
        List<String> types = List.of("request", "query", "slice"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals("request", ExecutionTypeChoice.of(types), "the first in the definitions' order"); //$NON-NLS-1$
        assertEquals("slice", ExecutionTypeChoice.of(types, null, "slice", "query"), "the first preferred one the trace has"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals("query", ExecutionTypeChoice.of(types, "gone", "query"), "a preferred type the trace lacks is skipped"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertNull(ExecutionTypeChoice.of(List.of(), "request"), "no type without types"); //$NON-NLS-1$
    }
}
