package org.featurecompass.model.graph;

/**
 * A view of one vertex: its worker and its index in the worker's chain. Vertices are stored
 * as primitive arrays inside {@link Worker}; this record is only made when a caller asks.
 *
 * @param worker the worker whose chain holds the vertex
 * @param index the position in that chain, from 0
 */
public record Vertex(Worker worker, int index) {

    /** @return the vertex timestamp, ns */
    public long time() {
        return worker.time(index);
    }

    @Override
    public String toString() {
        return worker + "#" + index + "@" + time();
    }
}
