package org.featurecompass.model.graph.network;

/**
 * What {@link NetworkLinker} did with the packets: the matcher's counts and what became of the
 * matches in the graph.
 *
 * @param matching the packet matcher's counts
 * @param sendsWithoutContext sends on a CPU whose running task was not known: no send vertex
 * @param matchesWithoutSender matches whose transmissions all had no send vertex
 * @param receivedBeforeSent matches whose reception came before every transmission in the
 *            common time (a synchronisation error larger than the delay), not linked
 * @param receivesNotLinked matched receptions the builder could not link (sender vertex already
 *            linked, same worker, or unknown receiving context)
 * @param linkable matched receptions handed to the graph for a network edge
 */
public record NetworkLinkReport(MatchReport matching, long sendsWithoutContext, long matchesWithoutSender,
        long receivedBeforeSent, long receivesNotLinked, long linkable) {
}
