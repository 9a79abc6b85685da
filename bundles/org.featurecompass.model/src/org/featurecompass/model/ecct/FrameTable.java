package org.featurecompass.model.ecct;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Interned frames: each distinct {@link Frame} gets a dense id, stored once (TraceCompare §3.3.4:
 * "the function prototype of each node [is] stored once"). Shared by the union ECCT and the
 * stack trees grafted into it, so a frame id means the same frame in both. Not thread-safe
 * while frames are added.
 */
public final class FrameTable {

    private final List<Frame> fFrames = new ArrayList<>();
    private final Map<Frame, Integer> fIds = new HashMap<>();

    /**
     * @param frame a frame
     * @return its id, assigned on first sight
     */
    public int intern(Frame frame) {
        Integer id = fIds.get(frame);
        if (id == null) {
            id = fFrames.size();
            fFrames.add(frame);
            fIds.put(frame, id);
        }
        return id;
    }

    /**
     * @param frame a frame
     * @return its id, or -1 if it was never interned
     */
    public int find(Frame frame) {
        Integer id = fIds.get(frame);
        return id == null ? -1 : id;
    }

    /**
     * @param id a frame id
     * @return the frame
     */
    public Frame frame(int id) {
        return fFrames.get(id);
    }

    /** @return the number of distinct frames */
    public int size() {
        return fFrames.size();
    }
}
