package dev.lakegate.hms.handler.transactions;

import dev.lakegate.catalog.v1.AcidSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Hive's valid-transaction list as its clients write it ({@code ValidReadTxnList}):
 * {@code highWaterMark:minOpenId:open:aborted}, each list of ids or {@code first-last} ranges separated by
 * commas. An empty text means no snapshot: every transaction committed.
 */
public final class ValidTransactionListText {

    /** More ids than any reader's list holds; a range that names more is refused rather than expanded. */
    static final int MAX_IDS = 1_000_000;

    private ValidTransactionListText() {}

    /** The snapshot the text describes, or empty when it is not in Hive's form. */
    public static Optional<AcidSnapshot> read(String text) {
        if (text == null || text.isEmpty()) {
            return Optional.of(
                    AcidSnapshot.newBuilder().setHighWaterMark(Long.MAX_VALUE).build());
        }
        String[] parts = text.split(":", -1);
        if (parts.length < 2) {
            return Optional.empty();
        }
        try {
            AcidSnapshot.Builder snapshot = AcidSnapshot.newBuilder().setHighWaterMark(Long.parseLong(parts[0]));
            Long.parseLong(parts[1]);
            List<Long> open = parts.length > 2 ? ids(parts[2]) : List.of();
            List<Long> aborted = parts.length > 3 ? ids(parts[3]) : List.of();
            if (open.size() + aborted.size() > MAX_IDS) {
                return Optional.empty();
            }
            return Optional.of(
                    snapshot.addAllOpenIds(open).addAllAbortedIds(aborted).build());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** A list of ids or {@code first-last} ranges separated by commas; NumberFormatException if not one. */
    static List<Long> ids(String list) {
        List<Long> ids = new ArrayList<>();
        if (list.isEmpty()) {
            return ids;
        }
        for (String item : list.split(",")) {
            int dash = item.indexOf('-', 1);
            if (dash < 0) {
                ids.add(Long.parseLong(item));
                continue;
            }
            long first = Long.parseLong(item.substring(0, dash));
            long last = Long.parseLong(item.substring(dash + 1));
            if (last < first || last - first >= MAX_IDS - ids.size()) {
                throw new NumberFormatException("range " + item);
            }
            for (long id = first; id <= last; id++) {
                ids.add(id);
            }
        }
        return ids;
    }
}
