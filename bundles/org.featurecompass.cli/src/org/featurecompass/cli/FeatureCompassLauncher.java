package org.featurecompass.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

import org.eclipse.equinox.launcher.Main;

/**
 * The {@code featurecompass} process's entry point (bin/featurecompass): answers on a plain class
 * path, before any OSGi runtime starts, what needs neither a trace nor the runtime (help, the
 * version, usage errors that {@link FeatureCompassCli#answerWithoutRuntime} finds with the
 * commands' own options and checks), which takes a few hundred milliseconds instead of the
 * runtime's seconds; otherwise starts Equinox in the same JVM with the application
 * {@code org.featurecompass.cli.featurecompass}, which runs the command, and exits with its code.
 * A check that cannot run on the plain class path (a class it needs is not on it) leaves the
 * command line to the runtime, which reads it again.
 * <p>
 * System properties: {@code featurecompass.data} the workspace folder (Equinox's {@code -data});
 * {@code featurecompass.configuration} the configuration area (Equinox's {@code -configuration},
 * default the product's).
 */
public final class FeatureCompassLauncher {

    private static final String APPLICATION = "org.featurecompass.cli.featurecompass"; //$NON-NLS-1$

    private FeatureCompassLauncher() {
    }

    /**
     * @param args the command line after the program name
     */
    public static void main(String[] args) {
        PrintStream out = System.out;
        OptionalInt answered;
        try {
            answered = new FeatureCompassCli().answerWithoutRuntime(args, out, System.err);
        } catch (RuntimeException | LinkageError e) {
            answered = OptionalInt.empty(); // the runtime reads the command line again and reports what is wrong
        }
        if (answered.isPresent()) {
            out.flush();
            System.exit(answered.getAsInt());
        }
        System.exit(new Main().run(equinoxArguments(args)));
    }

    /** @return Equinox's arguments for the application, followed by the command line */
    static String[] equinoxArguments(String[] args) {
        List<String> arguments = new ArrayList<>(List.of("-nosplash")); //$NON-NLS-1$
        String data = System.getProperty("featurecompass.data"); //$NON-NLS-1$
        if (data != null) {
            arguments.addAll(List.of("-data", data)); //$NON-NLS-1$
        }
        String configuration = System.getProperty("featurecompass.configuration"); //$NON-NLS-1$
        if (configuration != null) {
            arguments.addAll(List.of("-configuration", configuration)); //$NON-NLS-1$
        }
        arguments.addAll(List.of("-application", APPLICATION)); //$NON-NLS-1$
        arguments.addAll(List.of(args));
        return arguments.toArray(String[]::new);
    }
}
