package org.featurecompass.tef;

/**
 * Events a recorder reported as lost, such as the {@code Lost 123 events} lines that bpftrace
 * writes between array elements. The range lies between the events written before and after the
 * line (in file order). The tail of a damaged file that could not be read is a lost range of
 * unknown count (0), see {@link TefTrace#unreadTail()}.
 *
 * @param rank the entry's rank in the sorted trace
 * @param count how many events were lost, as the line says
 * @param timestampNs start of the range: the earlier of the neighbouring events' {@code ts}, in ns
 * @param endNs end of the range: the later of the neighbouring events' {@code ts}, in ns
 * @param byteOffset where the line starts in the (decompressed) file
 * @param eventNumber how many array elements precede the line in the file
 */
public record TefLostEvents(long rank, long count, long timestampNs, long endNs, long byteOffset, long eventNumber)
        implements TefEntry {
}
