package org.featurecompass.ui.compare.route;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfCommonProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfExperimentElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfExperimentFolder;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceTypeUIUtils;

/**
 * What a comparison of traces opens: the trace itself when there is one, else a Trace Compass
 * experiment of them in the project's Experiments folder, as Trace Compass's <em>Open As
 * Experiment</em> makes one (the generic experiment type; an existing experiment of exactly these
 * traces is reused, another name gets a number). The comparison then reads the traces'
 * executions together, the category {@code trace} telling them apart.
 */
final class ComparisonExperiment {

    private ComparisonExperiment() {
    }

    /**
     * @param traces the traces to compare (trace elements under the Traces folder), at least one
     * @param monitor progress and cancellation
     * @return the element to open: the trace, or the experiment of the traces
     * @throws CoreException if the experiment cannot be made
     */
    static TmfCommonProjectElement of(List<TmfTraceElement> traces, IProgressMonitor monitor) throws CoreException {
        if (traces.size() == 1) {
            return traces.get(0);
        }
        TmfExperimentFolder experiments = traces.get(0).getProject().getExperimentsFolder();
        TraceTypeHelper type = TmfTraceType.getTraceType(TmfTraceType.DEFAULT_EXPERIMENT_TYPE);
        if (experiments == null || type == null) {
            throw new CoreException(Status.error(NLS.bind(Messages.ComparisonExperiment_NoExperimentsFolder, traces.get(0).getProject().getName())));
        }
        Set<TmfTraceElement> wanted = new HashSet<>();
        traces.forEach(t -> wanted.add(t.getElementUnderTraceFolder()));
        String base = NLS.bind(Messages.ComparisonExperiment_Name, Integer.valueOf(traces.size()));
        IFolder folder = experiments.getResource().getFolder(base);
        for (int i = 2; folder.exists(); i++) {
            TmfExperimentElement existing = experiments.getExperiment(folder);
            if (existing != null && sameTraces(existing, wanted)) {
                return existing;
            }
            folder = experiments.getResource().getFolder(base + " (" + i + ')'); //$NON-NLS-1$
        }
        IFolder created = folder;
        ResourcesPlugin.getWorkspace().run(m -> {
            created.create(false, true, m);
            IStatus typed = TmfTraceTypeUIUtils.setTraceType(created, type, false);
            if (!typed.isOK()) {
                throw new CoreException(typed);
            }
        }, monitor);
        TmfExperimentElement experiment = experiments.addExperiment(created);
        if (experiment == null) {
            throw new CoreException(Status.error(NLS.bind(Messages.ComparisonExperiment_NoExperimentsFolder, traces.get(0).getProject().getName())));
        }
        for (TmfTraceElement trace : traces) {
            experiment.addTrace(trace.getElementUnderTraceFolder());
        }
        return experiment;
    }

    private static boolean sameTraces(TmfExperimentElement experiment, Set<TmfTraceElement> wanted) {
        Set<@Nullable TmfTraceElement> traces = new HashSet<>();
        experiment.getTraces().forEach(t -> traces.add(t.getElementUnderTraceFolder()));
        return traces.equals(wanted);
    }
}
