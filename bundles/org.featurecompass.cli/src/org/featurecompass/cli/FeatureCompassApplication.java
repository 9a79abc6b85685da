package org.featurecompass.cli;

import java.util.Map;

import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;

/**
 * The Equinox application {@code org.featurecompass.cli.featurecompass}: runs one
 * {@link FeatureCompassCli} command line and returns its exit code, which the Equinox launcher
 * makes the process's exit status. Analysis jobs report their progress and the analyses' Error Log
 * messages are repeated on standard error, since headless there is no Progress or Error Log view.
 */
public class FeatureCompassApplication implements IApplication {

    @Override
    public Object start(@Nullable IApplicationContext context) {
        if (context == null) {
            return Integer.valueOf(ExitCode.INTERNAL_ERROR);
        }
        Map<?, ?> arguments = context.getArguments();
        Object value = arguments.get(IApplicationContext.APPLICATION_ARGS);
        String[] args = value instanceof String[] strings ? strings : new String[0];
        context.applicationRunning();
        boolean quiet = java.util.Arrays.asList(args).contains("--quiet"); //$NON-NLS-1$
        if (!quiet) {
            Job.getJobManager().setProgressProvider(new JobProgressToStderr(System.err));
        }
        ErrorLogToStderr log = new ErrorLogToStderr(System.err, quiet);
        Platform.addLogListener(log);
        try {
            int code = new FeatureCompassCli().run(args, System.out, System.err);
            System.out.flush();
            if (log.suppressed() > 0) {
                System.err.println(NLS.bind(Messages.Cli_QuietSuppressed, Integer.valueOf(log.suppressed())));
            }
            return Integer.valueOf(code);
        } catch (Throwable e) { // FeatureCompassCli catches what the command throws; this is for itself
            System.err.println("featurecompass: internal error: " + e); //$NON-NLS-1$
            e.printStackTrace();
            return Integer.valueOf(ExitCode.INTERNAL_ERROR);
        } finally {
            Platform.removeLogListener(log);
            Job.getJobManager().setProgressProvider(null);
        }
    }

    @Override
    public void stop() {
        // a command runs to its end; nothing to interrupt
    }
}
