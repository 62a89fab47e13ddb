package dev.lakegate.hms.handler.transactions;

import java.util.List;
import java.util.Optional;

/**
 * Hive's valid-write-id list of one table as its clients write it ({@code ValidReaderWriteIdList}):
 * {@code db.table:highWaterMark:minOpenWriteId:open:aborted}, each list of write ids separated by commas
 * (read as the valid-transaction list's are).
 * Replication sends a source table's list so; a replica needs its mark and its aborted write ids.
 */
public final class ValidWriteIdListText {

    /**
     * The table the list names, its mark, its oldest open write id ({@link Long#MAX_VALUE} in the text: none),
     * and its open and aborted write ids, in ascending order.
     */
    public record State(
            String table, long highWaterMark, Optional<Long> minOpenWriteId, List<Long> open, List<Long> aborted) {}

    /** More write ids than one replicated state holds; a longer list is refused. */
    static final int MAX_IDS = 100_000;

    private ValidWriteIdListText() {}

    /** The state the text describes, or empty when it is not in Hive's form. */
    public static Optional<State> read(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String[] parts = text.split(":", -1);
        if (parts.length < 2) {
            return Optional.empty();
        }
        try {
            long highWaterMark = Long.parseLong(parts[1]);
            long minOpen = parts.length > 2 ? Long.parseLong(parts[2]) : Long.MAX_VALUE;
            List<Long> open = parts.length > 3 ? ids(parts[3]) : List.of();
            List<Long> aborted = parts.length > 4 ? ids(parts[4]) : List.of();
            return Optional.of(new State(
                    parts[0],
                    highWaterMark,
                    minOpen == Long.MAX_VALUE ? Optional.empty() : Optional.of(minOpen),
                    open.stream().sorted().toList(),
                    aborted.stream().sorted().toList()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static List<Long> ids(String list) {
        List<Long> ids = ValidTransactionListText.ids(list);
        if (ids.size() > MAX_IDS) {
            throw new NumberFormatException("more than " + MAX_IDS + " write ids");
        }
        return ids;
    }
}
