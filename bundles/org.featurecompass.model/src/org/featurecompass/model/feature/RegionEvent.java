package org.featurecompass.model.feature;

import org.eclipse.jdt.annotation.Nullable;

/**
 * One feature-region begin or end event, independent of the file format it was read from (TEF
 * {@code "ph":"B"/"E"} with {@code cat == "Feature"}, or a USDT {@code feature_begin}/
 * {@code feature_end} probe hit; Kaufmann 2022, §3.2-3.3, Listings 3.1-3.2).
 *
 * @param phase begin or end
 * @param timestampNs event time, ns
 * @param pid process id
 * @param tid thread id
 * @param regionId VaRA region id, unsigned 64-bit (print with {@link Long#toUnsignedString})
 * @param regionName region name, e.g. {@code FR(A,B)} or {@code Base}
 * @param uuid the region UUID string when the format records one besides the id, else null
 */
public record RegionEvent(Phase phase, long timestampNs, int pid, int tid, long regionId, String regionName,
        @Nullable String uuid) {

    /** Whether the event opens or closes a region instance. */
    public enum Phase {
        /** Region entry. */
        BEGIN,
        /** Region exit. */
        END
    }

    /**
     * @param timestampNs event time, ns
     * @param pid process id
     * @param tid thread id
     * @param regionId region id, unsigned 64-bit
     * @param regionName region name
     * @return a begin event without UUID
     */
    public static RegionEvent begin(long timestampNs, int pid, int tid, long regionId, String regionName) {
        return new RegionEvent(Phase.BEGIN, timestampNs, pid, tid, regionId, regionName, null);
    }

    /**
     * @param timestampNs event time, ns
     * @param pid process id
     * @param tid thread id
     * @param regionId region id, unsigned 64-bit
     * @param regionName region name
     * @return an end event without UUID
     */
    public static RegionEvent end(long timestampNs, int pid, int tid, long regionId, String regionName) {
        return new RegionEvent(Phase.END, timestampNs, pid, tid, regionId, regionName, null);
    }

    @Override
    public String toString() {
        return phase + "@" + timestampNs + "ns " + pid + '/' + tid + ' ' + regionName + " id=" //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + Long.toUnsignedString(regionId);
    }
}
