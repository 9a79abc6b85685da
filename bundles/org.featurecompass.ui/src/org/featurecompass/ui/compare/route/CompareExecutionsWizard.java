package org.featurecompass.ui.compare.route;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfCommonProjectElement;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.WorkbenchException;
import org.featurecompass.core.compare.DifferentialTreeDataProvider;
import org.featurecompass.core.compare.DifferentialTreeEntry;
import org.featurecompass.core.execution.ExecutionDataProvider;
import org.featurecompass.core.execution.ExecutionEntry;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.ui.perspective.ComparisonPerspective;

/**
 * <em>Compare executions…</em>: chooses the execution type and the groups of the trace (or
 * experiment) being opened, makes them the comparison the views show (through the differential
 * tree's data provider, parameters {@code groupA}, {@code groupB} and {@code share}) and opens the
 * Comparison perspective. The types and features come from the execution table's data provider
 * of each trace, read in a job once the trace is open.
 */
final class CompareExecutionsWizard extends Wizard {

    private static final String FEATURES_HEADER = "Features"; //$NON-NLS-1$
    private static final long POLL_MS = 100;

    private final TmfCommonProjectElement fElement;
    private final CompareExecutionsPage fPage;
    private @Nullable Job fFeatureJob;
    private @Nullable Job fTypeJob;

    /**
     * @param element the trace or experiment opened for the comparison
     * @param traces the names of its traces
     */
    CompareExecutionsWizard(TmfCommonProjectElement element, List<String> traces) {
        fElement = element;
        setWindowTitle(Messages.CompareExecutionsWizard_Title);
        setNeedsProgressMonitor(true);
        String description = traces.size() == 1 ? NLS.bind(Messages.CompareExecutionsPage_DescriptionTrace, traces.get(0))
                : NLS.bind(Messages.CompareExecutionsPage_DescriptionExperiment,
                        new Object[] { Integer.valueOf(traces.size()), String.join(", ", traces), element.getName() }); //$NON-NLS-1$
        fPage = new CompareExecutionsPage(description, traces, this::readFeatures);
    }

    @Override
    public void addPages() {
        addPage(fPage);
        Job job = Job.create(Messages.CompareExecutionsWizard_TypesJob, this::readTypes);
        job.setSystem(true);
        fTypeJob = job;
        job.schedule();
    }

    /** @return the page (for tests) */
    CompareExecutionsPage page() {
        return fPage;
    }

    /** Waits for the trace to be open, then lists its types (those every trace has, in the first trace's order) and their counts. */
    private IStatus readTypes(IProgressMonitor monitor) {
        ITmfTrace trace = openedTrace(monitor);
        if (trace == null) {
            return Status.CANCEL_STATUS;
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        boolean first = true;
        String failure = null;
        for (ITmfTrace each : TmfTraceManager.getTraceSet(trace)) {
            ExecutionDataProvider provider = DataProviderLookup.get(each, ExecutionDataProvider.ID, ExecutionDataProvider.class);
            if (provider == null) {
                failure = NLS.bind(Messages.CompareExecutionsWizard_NoExecutions, each.getName());
                break;
            }
            TmfModelResponse<TmfTreeModel<ExecutionEntry>> response = DataProviderQuery.fetchTree(provider, Map.of(), monitor);
            TmfTreeModel<ExecutionEntry> model = response.getModel();
            if (response.getStatus() != ITmfResponse.Status.COMPLETED || model == null) {
                failure = NLS.bind(Messages.CompareExecutionsWizard_Failed, each.getName(), response.getStatusMessage());
                break;
            }
            Map<String, Long> these = new HashMap<>();
            for (ExecutionEntry entry : model.getEntries()) {
                if (entry.getParentId() == -1) { // a type: labels type, count
                    these.put(entry.getLabels().get(0), Long.valueOf(entry.getLabels().get(1)));
                }
            }
            if (first) {
                counts.putAll(these);
                first = false;
            } else {
                counts.keySet().retainAll(these.keySet());
                counts.replaceAll((type, n) -> Long.valueOf(n.longValue() + these.get(type).longValue()));
            }
        }
        List<String> types = new ArrayList<>(counts.keySet());
        List<String> words = new ArrayList<>();
        counts.forEach((type, n) -> words.add(NLS.bind(Messages.CompareExecutionsWizard_TypeCount, type, String.format("%,d", n)))); //$NON-NLS-1$
        String note = failure != null ? failure
                : types.isEmpty() ? NLS.bind(Messages.CompareExecutionsWizard_NoTypes, trace.getName())
                        : NLS.bind(Messages.CompareExecutionsWizard_Types, String.join(", ", words)); //$NON-NLS-1$
        Display.getDefault().asyncExec(() -> fPage.setTypes(types, note));
        return Status.OK_STATUS;
    }

    /** @return the trace once the element's editor has opened it, or null if cancelled */
    private @Nullable ITmfTrace openedTrace(IProgressMonitor monitor) {
        while (!monitor.isCanceled()) {
            ITmfTrace trace = fElement.getTrace();
            if (trace != null) {
                return trace;
            }
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }

    /** Reads the features of the executions of a type (for "feature on vs off"), in a job. */
    private void readFeatures(String type) {
        Job previous = fFeatureJob;
        if (previous != null) {
            previous.cancel();
        }
        Job job = Job.create(Messages.CompareExecutionsWizard_TypesJob, monitor -> {
            ITmfTrace trace = openedTrace(monitor);
            if (trace == null) {
                return Status.CANCEL_STATUS;
            }
            TreeSet<String> features = new TreeSet<>();
            for (ITmfTrace each : TmfTraceManager.getTraceSet(trace)) {
                ExecutionDataProvider provider = DataProviderLookup.get(each, ExecutionDataProvider.ID, ExecutionDataProvider.class);
                if (provider == null) {
                    continue;
                }
                TmfModelResponse<TmfTreeModel<ExecutionEntry>> response = DataProviderQuery.fetchTree(provider,
                        Map.of(ExecutionDataProvider.TYPE_KEY, type), monitor);
                TmfTreeModel<ExecutionEntry> model = response.getModel();
                if (model == null || response.getStatus() != ITmfResponse.Status.COMPLETED) {
                    continue;
                }
                int column = model.getHeaders().indexOf(FEATURES_HEADER);
                for (ExecutionEntry entry : model.getEntries()) {
                    if (column >= 0 && entry.getParentId() != -1 && column < entry.getLabels().size()) {
                        String label = entry.getLabels().get(column);
                        if (!label.isEmpty()) {
                            features.addAll(FeatureSet.parseInteraction(label).features());
                        }
                    }
                }
                if (monitor.isCanceled()) {
                    return Status.CANCEL_STATUS;
                }
            }
            List<String> sorted = List.copyOf(features);
            Display.getDefault().asyncExec(() -> {
                if (type.equals(fPage.type())) {
                    fPage.setFeatures(sorted);
                }
            });
            return Status.OK_STATUS;
        });
        job.setSystem(true);
        fFeatureJob = job;
        job.schedule();
    }

    @Override
    public boolean performFinish() {
        String type = fPage.type();
        ComparisonGroups groups = fPage.groups();
        ITmfTrace trace = fElement.getTrace();
        if (type == null || groups == null || trace == null) {
            return false;
        }
        DifferentialTreeDataProvider provider = DataProviderLookup.get(trace, DifferentialTreeDataProvider.ID, DifferentialTreeDataProvider.class);
        if (provider == null) {
            fPage.setErrorMessage(NLS.bind(Messages.CompareExecutionsWizard_NoExecutions, trace.getName()));
            return false;
        }
        Map<String, Object> parameters = new HashMap<>();
        parameters.put(DifferentialTreeDataProvider.TYPE_KEY, type);
        parameters.put(DifferentialTreeDataProvider.GROUP_A_KEY, groups.groupA());
        parameters.put(DifferentialTreeDataProvider.GROUP_B_KEY, groups.groupB());
        parameters.put(DifferentialTreeDataProvider.SHARE_KEY, Boolean.TRUE);
        String[] failure = { null };
        try {
            getContainer().run(true, true, monitor -> {
                monitor.beginTask(NLS.bind(Messages.CompareExecutionsWizard_Comparing, type, trace.getName()), IProgressMonitor.UNKNOWN);
                TmfModelResponse<TmfTreeModel<DifferentialTreeEntry>> response = DataProviderQuery.fetchTree(provider, parameters, monitor);
                if (response.getStatus() == ITmfResponse.Status.CANCELLED) {
                    throw new InterruptedException();
                }
                if (response.getStatus() != ITmfResponse.Status.COMPLETED) {
                    failure[0] = response.getStatusMessage();
                }
                monitor.done();
            });
        } catch (InvocationTargetException e) {
            failure[0] = String.valueOf(e.getTargetException().getMessage());
        } catch (InterruptedException e) {
            return false;
        }
        if (failure[0] != null) {
            fPage.setErrorMessage(failure[0]);
            return false;
        }
        IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        if (window != null) {
            try {
                PlatformUI.getWorkbench().showPerspective(ComparisonPerspective.ID, window);
            } catch (WorkbenchException e) {
                fPage.setErrorMessage(e.getMessage());
                return false;
            }
        }
        return true;
    }

    @Override
    public void dispose() {
        for (Job job : new Job[] { fTypeJob, fFeatureJob }) {
            if (job != null) {
                job.cancel();
            }
        }
        super.dispose();
    }
}
