package org.featurecompass.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.Platform;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.featurecompass.core.KernelTraceFixture;
import org.featurecompass.core.tef.TefKernelTrace;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;

/**
 * What Trace Compass's trace server lists for a trace ({@code DataProviderManager.getAvailableProviders},
 * which asks every factory's {@code getDescriptors}): every data provider of ours that the trace
 * has, and no other. The expected lists follow from plugin.xml, where each analysis says which
 * trace types it applies to: the executions, their ECCTs and the differential tree to any trace;
 * the feature-region analyses to TEF traces; Kernel Activity to kernel traces (LTTng, and the
 * recorder's TEF recordings); the execution graph (critical path) to kernel traces and
 * experiments (an experiment also gets the providers of its traces' analyses, below). Each listed descriptor must also be one the manager really creates a provider
 * for, of the type the descriptor says; and every factory our bundle registers must take part.
 */
class AvailableProvidersTest {

    private static final String EXECUTIONS = "org.featurecompass.core.execution.table"; //$NON-NLS-1$
    private static final String ECCT = "org.featurecompass.core.ecct.tree"; //$NON-NLS-1$
    private static final String DIFFERENTIAL = "org.featurecompass.core.compare.differentialTree"; //$NON-NLS-1$
    private static final String STATISTICS = "org.featurecompass.core.feature.statistics"; //$NON-NLS-1$
    private static final String FLAME_GRAPH = "org.featurecompass.core.feature.flamegraph"; //$NON-NLS-1$
    private static final String REGIONS = "org.featurecompass.core.feature.regions"; //$NON-NLS-1$
    private static final String KERNEL = "org.featurecompass.core.kernel.activity.provider"; //$NON-NLS-1$
    private static final String CRITICAL_PATH = "org.featurecompass.core.graph.criticalPath.provider"; //$NON-NLS-1$

    @Test
    void everyFactoryOfOursTakesPart() {
        Set<String> registered = new TreeSet<>();
        for (IConfigurationElement element : Platform.getExtensionRegistry()
                .getConfigurationElementsFor("org.eclipse.tracecompass.tmf.core.dataprovider")) { //$NON-NLS-1$
            if ("org.featurecompass.core".equals(element.getContributor().getName()) && "dataProviderFactory".equals(element.getName())) { //$NON-NLS-1$ //$NON-NLS-2$
                registered.add(element.getAttribute("id")); //$NON-NLS-1$
            }
        }
        assertEquals(new TreeSet<>(List.of(EXECUTIONS, ECCT, DIFFERENTIAL, STATISTICS, FLAME_GRAPH, REGIONS, KERNEL, CRITICAL_PATH)), registered,
                "a factory added to plugin.xml must be added to the lists of this test");
    }

    @Test
    void tefTrace() throws Exception {
        TefTmfTrace trace = new TefTmfTrace();
        trace.initTrace(null, RepositoryFiles.resolve("doc/samples/node-demo.json").toString(), TmfEvent.class); //$NON-NLS-1$
        trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        assertListed(trace, Set.of(EXECUTIONS, ECCT, DIFFERENTIAL, STATISTICS, FLAME_GRAPH, REGIONS));
    }

    @Test
    void recording() throws Exception {
        TefKernelTrace trace = new TefKernelTrace();
        trace.initTrace(null, RepositoryFiles.resolve("doc/samples/demo-recording.json").toString(), TmfEvent.class); //$NON-NLS-1$
        trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        assertListed(trace, Set.of(EXECUTIONS, ECCT, DIFFERENTIAL, STATISTICS, FLAME_GRAPH, REGIONS, KERNEL, CRITICAL_PATH));
    }

    @Test
    void lttngKernelTrace() throws Exception {
        try (KernelTraceFixture fixture = new KernelTraceFixture("lttng/bug446190")) { //$NON-NLS-1$
            assertListed(fixture.trace(), Set.of(EXECUTIONS, ECCT, DIFFERENTIAL, KERNEL, CRITICAL_PATH));
        }
    }

    @Test
    void experiment() throws Exception {
        TefTmfTrace node = new TefTmfTrace();
        node.initTrace(null, RepositoryFiles.resolve("doc/samples/node-demo.json").toString(), TmfEvent.class); //$NON-NLS-1$
        node.traceOpened(new TmfTraceOpenedSignal(this, node, null));
        TefKernelTrace recording = new TefKernelTrace();
        recording.initTrace(null, RepositoryFiles.resolve("doc/samples/demo-recording.json").toString(), TmfEvent.class); //$NON-NLS-1$
        recording.traceOpened(new TmfTraceOpenedSignal(this, recording, null));
        TmfExperiment experiment = new TmfExperiment(ITmfEvent.class, "node-and-recording", new ITmfTrace[] { node, recording }, //$NON-NLS-1$
                TmfExperiment.DEFAULT_INDEX_PAGE_SIZE, null);
        // The execution graph (critical path) is the experiment's own analysis and the differential
        // tree compares all its traces' executions. Every other provider is created on the first of
        // its traces that has the analysis (Trace Compass's TmfTraceUtils finds an experiment's
        // traces' modules too) and serves that trace only; doc/architecture.md says so.
        experiment.traceOpened(new TmfTraceOpenedSignal(this, experiment, null));
        assertListed(experiment, Set.of(EXECUTIONS, ECCT, DIFFERENTIAL, STATISTICS, FLAME_GRAPH, REGIONS, KERNEL, CRITICAL_PATH));
    }

    /** Opens the trace (its analyses instantiated) for the managers as the workbench does, checks what is listed and created, closes it (disposing it). */
    private void assertListed(ITmfTrace trace, Set<String> expected) {
        TmfTraceManager.getInstance().traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        try {
            TreeMap<String, IDataProviderDescriptor> ours = new TreeMap<>();
            for (IDataProviderDescriptor descriptor : DataProviderManager.getInstance().getAvailableProviders(trace)) {
                if (descriptor.getId().startsWith("org.featurecompass.")) { //$NON-NLS-1$
                    assertNull(ours.put(descriptor.getId(), descriptor), "listed once: " + descriptor.getId());
                }
            }
            assertEquals(new TreeSet<>(expected), ours.keySet(), "our providers listed for " + trace.getName());
            List<String> notListed = new ArrayList<>(List.of(EXECUTIONS, ECCT, DIFFERENTIAL, STATISTICS, FLAME_GRAPH, REGIONS, KERNEL, CRITICAL_PATH));
            notListed.removeAll(expected);
            for (IDataProviderDescriptor descriptor : ours.values()) {
                assertFalse(descriptor.getName().isBlank(), descriptor.getId());
                assertFalse(descriptor.getDescription().isBlank(), descriptor.getId());
                ITmfTreeDataProvider<?> provider = DataProviderLookup.get(trace, descriptor.getId(), ITmfTreeDataProvider.class);
                assertNotNull(provider, "listed, so created: " + descriptor.getId());
                assertEquals(descriptor.getId(), provider.getId());
                ProviderType type = provider instanceof ITimeGraphDataProvider ? ProviderType.TIME_GRAPH
                        : provider instanceof ITmfTreeXYDataProvider ? ProviderType.TREE_TIME_XY : ProviderType.DATA_TREE;
                assertEquals(type, descriptor.getType(), descriptor.getId());
                if (type == ProviderType.DATA_TREE) {
                    assertTrue(provider instanceof AnalysisTreeDataProvider, "a tree provider answers through the one fetch: " + descriptor.getId());
                }
            }
            for (String id : notListed) {
                assertNull(DataProviderLookup.get(trace, id, ITmfTreeDataProvider.class), "not listed, so not created: " + id);
            }
        } finally {
            TmfTraceClosedSignal closed = new TmfTraceClosedSignal(this, trace);
            DataProviderManager.getInstance().traceClosed(closed);
            TmfTraceManager.getInstance().traceClosed(closed);
            trace.dispose();
        }
    }
}
