package org.featurecompass.model.ecct;

import java.util.Arrays;
import java.util.List;

/**
 * A calling context tree (TraceCompare §2.4, §3.3.4): node {@link #ROOT} is the empty stack and
 * the children of a node are its stacks one frame longer, so every node is one root path and
 * recursion {@code f → f → f} gives one node per depth. Nodes are never removed and a child is
 * always created after its parent, so {@code parent(n) < n}: ascending node ids are a
 * topological order, which {@link EcctStore} uses to derive inclusive times.
 * <p>
 * Used as the <em>union ECCT</em> shared by all executions (the paper's generic ECCT, §3.3.4)
 * and as the tree of the thread stacks a {@link StackSource} refers to; both share one
 * {@link FrameTable}. Storage per node: parent, frame, depth, first child and next sibling
 * ({@code int} each, 20 bytes) plus the child index, an open-addressing table of node ids whose
 * keys are read back from the parent and frame arrays (4 bytes a slot, at most three quarters
 * full: 5.3 to 10.7 bytes a node); about 26–31 bytes a node once {@link #trimToSize() trimmed},
 * up to 1.5 times the arrays' part while growing. Not thread-safe while nodes are added.
 */
public final class ContextTree {

    /** The root node: the empty stack. */
    public static final int ROOT = 0;

    private final FrameTable fFrames;
    /** Node ids by hash of (parent, frame); -1 = empty slot; the root is never in it. */
    private int[] fChildren = emptySlots(64);
    private int[] fParent = new int[64];
    private int[] fFrame = new int[64];
    private int[] fDepth = new int[64];
    private int[] fFirstChild = new int[64];
    private int[] fNextSibling = new int[64];
    private int fSize;
    private final ThreadIds fThreadIds = new ThreadIds();

    /** @param frames the frames the nodes refer to */
    public ContextTree(FrameTable frames) {
        fFrames = frames;
        fParent[0] = -1;
        fFrame[0] = -1;
        fFirstChild[0] = -1;
        fNextSibling[0] = -1;
        fSize = 1;
    }

    /** @return the frames the nodes refer to */
    public FrameTable frames() {
        return fFrames;
    }

    /**
     * @return the thread ids met under the thread markers of this tree (filled for a union ECCT
     *         as executions are built; empty for a stack tree)
     */
    public ThreadIds threadIds() {
        return fThreadIds;
    }

    /** @return the number of nodes, root included */
    public int size() {
        return fSize;
    }

    /**
     * @param parent a node
     * @param frame a frame id of {@link #frames()}
     * @return the child of {@code parent} for that frame, created if absent
     */
    public int child(int parent, int frame) {
        int child = find(parent, frame);
        if (child >= 0) {
            return child;
        }
        checkNode(parent);
        if (frame < 0 || frame >= fFrames.size()) {
            throw new IllegalArgumentException("unknown frame id " + frame); //$NON-NLS-1$
        }
        if (fSize == fParent.length) {
            grow(Math.max(64, fSize + (fSize >> 1)));
        }
        child = fSize++;
        fParent[child] = parent;
        fFrame[child] = frame;
        fDepth[child] = fDepth[parent] + 1;
        fFirstChild[child] = -1;
        fNextSibling[child] = fFirstChild[parent];
        fFirstChild[parent] = child;
        index(child);
        return child;
    }

    /**
     * @param parent a node
     * @param frame a frame
     * @return the child of {@code parent} for that frame, created (and the frame interned) if
     *         absent
     */
    public int child(int parent, Frame frame) {
        return child(parent, fFrames.intern(frame));
    }

    /**
     * @param parent a node
     * @param frame a frame id
     * @return the child of {@code parent} for that frame, or -1
     */
    public int find(int parent, int frame) {
        int[] slots = fChildren;
        int mask = slots.length - 1;
        for (int i = slot(parent, frame, mask);; i = (i + 1) & mask) {
            int node = slots[i];
            if (node < 0) {
                return -1;
            }
            if (fParent[node] == parent && fFrame[node] == frame) {
                return node;
            }
        }
    }

    /**
     * @param frames frames from the outermost
     * @return the node of that path from the root, or -1 if absent
     */
    public int find(List<Frame> frames) {
        int node = ROOT;
        for (Frame frame : frames) {
            int id = fFrames.find(frame);
            node = id < 0 ? -1 : find(node, id);
            if (node < 0) {
                return -1;
            }
        }
        return node;
    }

    /**
     * @param node a node
     * @param frames frame ids to append, outermost first
     * @return the node of {@code node}'s path followed by {@code frames}, created if absent
     */
    public int descend(int node, int... frames) {
        int current = node;
        for (int frame : frames) {
            current = child(current, frame);
        }
        return current;
    }

    /** @return the parent of {@code node}, -1 for the root */
    public int parent(int node) {
        checkNode(node);
        return fParent[node];
    }

    /** @return the frame id of {@code node}, -1 for the root */
    public int frameId(int node) {
        checkNode(node);
        return fFrame[node];
    }

    /** @return the frame of {@code node}, which must not be the root */
    public Frame frame(int node) {
        int frame = frameId(node);
        if (frame < 0) {
            throw new IllegalArgumentException("the root has no frame"); //$NON-NLS-1$
        }
        return fFrames.frame(frame);
    }

    /** @return the number of frames on the path of {@code node}: 0 for the root */
    public int depth(int node) {
        checkNode(node);
        return fDepth[node];
    }

    /** @return the first child of {@code node} (the latest created), or -1 */
    public int firstChild(int node) {
        checkNode(node);
        return fFirstChild[node];
    }

    /** @return the next child of {@code node}'s parent, or -1 */
    public int nextSibling(int node) {
        checkNode(node);
        return fNextSibling[node];
    }

    /** @return the children of {@code node}, in ascending id (creation) order */
    public int[] children(int node) {
        int count = 0;
        for (int c = firstChild(node); c >= 0; c = fNextSibling[c]) {
            count++;
        }
        int[] children = new int[count];
        for (int c = fFirstChild[node]; c >= 0; c = fNextSibling[c]) {
            children[--count] = c;
        }
        return children;
    }

    /** @return the frame ids from the outermost to {@code node}'s own; empty for the root */
    public int[] path(int node) {
        int[] path = new int[depth(node)];
        for (int n = node, i = path.length - 1; i >= 0; n = fParent[n], i--) {
            path[i] = fFrame[n];
        }
        return path;
    }

    /**
     * @param node a node
     * @return its path as folded text, frames from the outermost joined by {@code ;} (the
     *         flame-graph "folded stacks" form); empty for the root
     */
    public String folded(int node) {
        return joined(node, ";"); //$NON-NLS-1$
    }

    /**
     * @param node a node
     * @param separator what goes between two frames, e.g. {@code " › "} for people
     * @return its frames' labels from the outermost joined by the separator; empty for the root.
     *         Unlike replacing {@code ;} in {@link #folded}, a {@code ;} inside a label stays.
     */
    public String joined(int node, String separator) {
        StringBuilder text = new StringBuilder();
        for (int frame : path(node)) {
            if (text.length() > 0) {
                text.append(separator);
            }
            text.append(fFrames.frame(frame).label());
        }
        return text.toString();
    }

    /** @return whether {@code ancestor} is {@code node} or on its root path */
    public boolean isAncestorOrSelf(int ancestor, int node) {
        checkNode(ancestor);
        int n = node;
        while (n > ancestor) {
            n = fParent[n];
        }
        return n == ancestor;
    }

    /** @return the parent array, shared (read-only use), valid for nodes {@code < size()} */
    int[] parents() {
        return fParent;
    }

    /** @return bytes held by the tree's arrays, frame table excluded */
    public long bytes() {
        return 20L * fParent.length + 4L * fChildren.length;
    }

    /** Releases the spare capacity of the node arrays (the tree may still grow afterwards). */
    public void trimToSize() {
        if (fParent.length > fSize) {
            grow(fSize);
        }
    }

    private static int[] emptySlots(int capacity) {
        int[] slots = new int[capacity];
        Arrays.fill(slots, -1);
        return slots;
    }

    private static int slot(int parent, int frame, int mask) {
        long h = (((long) parent << 32) | (frame & 0xFFFF_FFFFL)) * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    /** Puts {@code node} (not yet in the table) into the child index, growing it past 3/4 full. */
    private void index(int node) {
        if (4L * fSize > 3L * fChildren.length) {
            int[] old = fChildren;
            fChildren = emptySlots(2 * old.length);
            for (int n : old) {
                if (n >= 0) {
                    insert(n);
                }
            }
        }
        insert(node);
    }

    private void insert(int node) {
        int mask = fChildren.length - 1;
        int i = slot(fParent[node], fFrame[node], mask);
        while (fChildren[i] >= 0) {
            i = (i + 1) & mask;
        }
        fChildren[i] = node;
    }

    private void checkNode(int node) {
        if (node < 0 || node >= fSize) {
            throw new IndexOutOfBoundsException("node " + node + " of " + fSize); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    private void grow(int capacity) {
        fParent = Arrays.copyOf(fParent, capacity);
        fFrame = Arrays.copyOf(fFrame, capacity);
        fDepth = Arrays.copyOf(fDepth, capacity);
        fFirstChild = Arrays.copyOf(fFirstChild, capacity);
        fNextSibling = Arrays.copyOf(fNextSibling, capacity);
    }
}
