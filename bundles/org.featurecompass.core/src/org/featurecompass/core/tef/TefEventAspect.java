package org.featurecompass.core.tef;

import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.ITmfEventAspect;
import org.featurecompass.tef.TefEvent;

/**
 * A column of the TEF event table that reads one field of the underlying {@link TefEvent}.
 *
 * @param <T> the value type
 */
final class TefEventAspect<T> implements ITmfEventAspect<T> {

    private final String fName;
    private final String fHelp;
    private final Function<TefEvent, @Nullable T> fValue;

    TefEventAspect(String name, String help, Function<TefEvent, @Nullable T> value) {
        fName = name;
        fHelp = help;
        fValue = value;
    }

    @Override
    public String getName() {
        return fName;
    }

    @Override
    public String getHelpText() {
        return fHelp;
    }

    @Override
    public @Nullable T resolve(ITmfEvent event) {
        return event instanceof TefTmfEvent tef ? fValue.apply(tef.getTefEvent()) : null;
    }
}
