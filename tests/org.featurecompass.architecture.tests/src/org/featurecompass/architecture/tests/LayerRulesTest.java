package org.featurecompass.architecture.tests;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;

/**
 * The dependency rules of doc/architecture.md, checked on the compiled classes of the bundles
 * (their {@code target/classes}, which the reactor builds before this bundle: it requires them
 * all). ArchUnit reads the class files, so a dependency counts whatever form it takes in the
 * byte code (a field, a call, a cast, a type argument, an annotation); a compile-time constant
 * such as an analysis's {@code ID} string is copied into the caller by javac and is no
 * dependency.
 * <ul>
 * <li>{@code model} and {@code tef} import no Trace Compass, no Eclipse (except the null
 * annotations), no OSGi, and none of {@code core}, {@code ui}, {@code cli}; and they know nothing
 * of each other.</li>
 * <li>{@code ui} and {@code cli} reach the analyses only through data providers and signals: no
 * class of theirs uses a {@code core} analysis module (a class of {@code core} that extends a
 * Trace Compass analysis module) or the comparison session ({@code ComparisonSession},
 * {@code ComparisonSessions}). The classes that still do are listed in
 * {@link #FROZEN_ANALYSIS_USERS}, each with why (issue 23); the test fails when one more class
 * does, and also when a listed class no longer does, so the list only shrinks.</li>
 * </ul>
 * Each rule is also shown to be able to fail: the same predicate, applied to {@code core} (which
 * must use Trace Compass), finds violations.
 */
class LayerRulesTest {

    /**
     * The {@code ui} and {@code cli} classes (top-level, nested classes counted with their outer
     * class) that still use a {@code core} analysis module or the comparison session directly, and
     * why. Remove a line when its class is moved onto providers.
     */
    private static final Map<String, String> FROZEN_ANALYSIS_USERS = Map.ofEntries(
            // Trace Compass's segment-store views take the analysis module itself (ISegmentStoreProvider)
            Map.entry("org.featurecompass.ui.views.feature.FeatureRegionDensityView", "TC density view takes the module"), //$NON-NLS-1$ //$NON-NLS-2$
            Map.entry("org.featurecompass.ui.views.execution.ExecutionDensityView", "TC density view takes the module"), //$NON-NLS-1$ //$NON-NLS-2$
            // writes around the providers (issue 23, "writes through fetch parameters")
            Map.entry("org.featurecompass.ui.views.execution.ExecutionsView", "setDefinitions on ExecutionAnalysis"), //$NON-NLS-1$ //$NON-NLS-2$
            Map.entry("org.featurecompass.ui.views.ecct.EcctFlameGraphView", "setSymbolFiles/symbolsChanged on EcctAnalysis"), //$NON-NLS-1$ //$NON-NLS-2$
            Map.entry("org.featurecompass.ui.views.compare.ComparisonView", "ComparisonSessions current/listeners"), //$NON-NLS-1$ //$NON-NLS-2$
            Map.entry("org.featurecompass.ui.views.compare.ExecutionGroupsView", "changes the session's groups"), //$NON-NLS-1$ //$NON-NLS-2$
            Map.entry("org.featurecompass.ui.views.compare.DifferentialFlameGraphView", "draws from the session"), //$NON-NLS-1$ //$NON-NLS-2$
            Map.entry("org.featurecompass.ui.views.compare.TopDifferencesView", "draws from the session"), //$NON-NLS-1$ //$NON-NLS-2$
            Map.entry("org.featurecompass.ui.compare.export.ExportComparisonWizard", "reports from the current session"), //$NON-NLS-1$ //$NON-NLS-2$
            Map.entry("org.featurecompass.cli.compare.CompareCommand", "compare runs on ComparisonSessions"), //$NON-NLS-1$ //$NON-NLS-2$
            Map.entry("org.featurecompass.cli.execution.ExecutionsOption", "--executions sets definitions on ExecutionAnalysis"), //$NON-NLS-1$ //$NON-NLS-2$
            Map.entry("org.featurecompass.cli.trace.SymbolsOption", "--symbols sets symbol files on EcctAnalysis"), //$NON-NLS-1$ //$NON-NLS-2$
            Map.entry("org.featurecompass.cli.trace.OpenedTrace", "EcctAnalysis.TRACE_COMPASS_ANALYSES_USED")); //$NON-NLS-1$ //$NON-NLS-2$

    private static final String MODEL = "org.featurecompass.model.."; //$NON-NLS-1$
    private static final String TEF = "org.featurecompass.tef.."; //$NON-NLS-1$
    private static final String CORE = "org.featurecompass.core.."; //$NON-NLS-1$
    private static final String UI = "org.featurecompass.ui.."; //$NON-NLS-1$
    private static final String CLI = "org.featurecompass.cli.."; //$NON-NLS-1$

    /** Trace Compass, Eclipse and OSGi, except the compile-time null annotations. */
    private static final DescribedPredicate<JavaClass> PLATFORM = new DescribedPredicate<>("Trace Compass, Eclipse or OSGi (not org.eclipse.jdt.annotation)") { //$NON-NLS-1$
        @Override
        public boolean test(JavaClass input) {
            String name = input.getPackageName();
            return (name.startsWith("org.eclipse.") || name.startsWith("org.osgi.")) //$NON-NLS-1$ //$NON-NLS-2$
                    && !name.equals("org.eclipse.jdt.annotation"); //$NON-NLS-1$
        }
    };

    /** Analysis module base classes of Trace Compass, by name (their class files are not imported). */
    private static final Set<String> MODULE_BASES = Set.of(
            "org.eclipse.tracecompass.tmf.core.analysis.TmfAbstractAnalysisModule", //$NON-NLS-1$
            "org.eclipse.tracecompass.tmf.core.statesystem.TmfStateSystemAnalysisModule", //$NON-NLS-1$
            "org.eclipse.tracecompass.analysis.timing.core.segmentstore.AbstractSegmentStoreAnalysisModule"); //$NON-NLS-1$

    private static final String SESSION_PACKAGE = "org.featurecompass.core.compare"; //$NON-NLS-1$
    private static final Set<String> SESSIONS = Set.of("ComparisonSession", "ComparisonSessions"); //$NON-NLS-1$ //$NON-NLS-2$

    private static final Map<String, JavaClasses> IMPORTED = new TreeMap<>();

    static {
        // only the bundles' own class files: Trace Compass's classes are named, not read (seconds, not a minute)
        ArchConfiguration.get().setResolveMissingDependenciesFromClassPath(false);
    }

    private static synchronized JavaClasses classes(String bundle) {
        return IMPORTED.computeIfAbsent(bundle, LayerRulesTest::importBundle);
    }

    private static JavaClasses importBundle(String bundle) {
        Path dir = RepositoryFiles.resolve("bundles/" + bundle + "/target/classes"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(Files.isDirectory(dir), dir + " is no directory"); //$NON-NLS-1$
        JavaClasses classes = new ClassFileImporter().importPath(dir);
        assertTrue(classes.size() > 10, () -> "too few classes in " + dir + ": " + classes.size()); //$NON-NLS-1$ //$NON-NLS-2$
        return classes;
    }

    private static ArchRule independent(String layer, String... forbidden) {
        return noClasses().that().resideInAPackage(layer)
                .should().dependOnClassesThat(PLATFORM)
                .orShould().dependOnClassesThat().resideInAnyPackage(forbidden);
    }

    @Test
    void modelImportsNoTraceCompassNoCoreNoTef() {
        independent(MODEL, CORE, UI, CLI, TEF).check(classes("org.featurecompass.model")); //$NON-NLS-1$
    }

    @Test
    void tefImportsNoTraceCompassNoCoreNoModel() {
        independent(TEF, CORE, UI, CLI, MODEL).check(classes("org.featurecompass.tef")); //$NON-NLS-1$
    }

    /** The rule above is not vacuous: core, which is the Trace Compass adapter layer, breaks it. */
    @Test
    void independenceRuleCanFail() {
        EvaluationResult result = independent(CORE, UI, CLI).evaluate(classes("org.featurecompass.core")); //$NON-NLS-1$
        assertTrue(result.hasViolation(), "core uses Trace Compass, so the rule must report it"); //$NON-NLS-1$
    }

    @Test
    void uiAndCliReachAnalysesOnlyThroughProviders() {
        Set<String> modules = analysisModules(classes("org.featurecompass.core")); //$NON-NLS-1$
        // the predicate must recognise the modules doc/architecture.md names
        for (String expected : Set.of("org.featurecompass.core.kernel.KernelActivityAnalysis", //$NON-NLS-1$
                "org.featurecompass.core.execution.ExecutionAnalysis", //$NON-NLS-1$
                "org.featurecompass.core.feature.state.FeatureRegionStateAnalysis", //$NON-NLS-1$
                "org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis", //$NON-NLS-1$
                "org.featurecompass.core.ecct.EcctAnalysis", //$NON-NLS-1$
                "org.featurecompass.core.graph.ExecutionGraphAnalysis")) { //$NON-NLS-1$
            assertTrue(modules.contains(expected), expected + " not recognised as an analysis module: " + modules); //$NON-NLS-1$
        }
        Map<String, Set<String>> found = new TreeMap<>();
        for (String bundle : new String[] { "org.featurecompass.ui", "org.featurecompass.cli" }) { //$NON-NLS-1$ //$NON-NLS-2$
            for (JavaClass javaClass : classes(bundle)) {
                for (Dependency dependency : javaClass.getDirectDependenciesFromSelf()) {
                    JavaClass target = outermost(dependency.getTargetClass());
                    if (modules.contains(target.getName()) || isSession(target)) {
                        found.computeIfAbsent(outermost(javaClass).getName(), k -> new TreeSet<>()).add(target.getSimpleName());
                    }
                }
            }
        }
        assertEquals(new TreeSet<>(FROZEN_ANALYSIS_USERS.keySet()), found.keySet(),
                "ui/cli classes using a core analysis module or the comparison session (a new one is a violation; a listed one that no longer does must leave FROZEN_ANALYSIS_USERS): " + found); //$NON-NLS-1$
    }

    private static boolean isSession(JavaClass target) {
        return target.getPackageName().equals(SESSION_PACKAGE) && SESSIONS.contains(target.getSimpleName());
    }

    private static JavaClass outermost(JavaClass javaClass) {
        JavaClass current = javaClass;
        while (current.getEnclosingClass().isPresent()) {
            current = current.getEnclosingClass().get();
        }
        return current;
    }

    /** The core classes whose superclass chain reaches a Trace Compass analysis module base. */
    private static Set<String> analysisModules(JavaClasses core) {
        Set<String> modules = new TreeSet<>();
        for (JavaClass javaClass : core) {
            if (javaClass.getAllRawSuperclasses().stream().anyMatch(s -> MODULE_BASES.contains(s.getName()))) {
                modules.add(javaClass.getName());
            }
        }
        return modules;
    }
}
