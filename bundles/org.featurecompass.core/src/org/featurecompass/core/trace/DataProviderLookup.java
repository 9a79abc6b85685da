package org.featurecompass.core.trace;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * The one place that asks Trace Compass's {@link DataProviderManager} for a data provider, whose
 * method changed name across versions: {@code getDataProvider} up to 7.x (the 6.2 we build
 * against), {@code getOrCreateDataProvider} from 8.0, {@code fetchOrCreateDataProvider} from 11.0
 * (where the former is deprecated). The newest that the running Trace Compass has is found once,
 * by reflection, so the same bundle runs on 6.2, 10.x and 11.x (doc/tc-compatibility.md lists
 * these names, which tools/tc-api/tc-api-check.py verifies against each version's sources).
 */
public final class DataProviderLookup {

    /** The method names, newest first. */
    static final String[] METHOD_NAMES = { "fetchOrCreateDataProvider", "getOrCreateDataProvider", "getDataProvider" }; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

    private static final Method METHOD = find();

    private DataProviderLookup() {
    }

    /**
     * The data provider of a trace, created by its registered factory on first request.
     *
     * @param trace the trace
     * @param id the data provider's id
     * @param type its class
     * @return the provider, or {@code null} if no factory makes one for that trace
     */
    public static <T> @Nullable T get(ITmfTrace trace, String id, Class<T> type) {
        try {
            Object provider = METHOD.invoke(DataProviderManager.getInstance(), trace, id, type);
            return type.isInstance(provider) ? type.cast(provider) : null;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(METHOD + " is not accessible", e); //$NON-NLS-1$
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
        }
    }

    /** @return the name of the method used with the running Trace Compass */
    public static String methodName() {
        return METHOD.getName();
    }

    private static Method find() {
        for (String name : METHOD_NAMES) {
            try {
                return DataProviderManager.class.getMethod(name, ITmfTrace.class, String.class, Class.class);
            } catch (NoSuchMethodException e) {
                // an older or newer Trace Compass: try the next name
            }
        }
        throw new IllegalStateException("DataProviderManager has none of " + String.join(", ", METHOD_NAMES)); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
