package org.featurecompass.core.tef;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfCpuAspect;

/** The CPU of a recorder kernel event: its {@code args.cpu} (doc/recorder-format.md). */
final class TefCpuAspect extends TmfCpuAspect {

    @Override
    public @Nullable Integer resolve(@Nullable ITmfEvent event) {
        if (event instanceof TefTmfEvent tef && tef.getTefEvent().args().get("cpu") instanceof Number cpu) { //$NON-NLS-1$
            return Integer.valueOf(cpu.intValue());
        }
        return null;
    }
}
