package dev.lakegate.hms.handler.views;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.lakegate.hms.handler.transactions.ValidWriteIdListText;
import dev.lakegate.hms.handler.transactions.ValidWriteIdListText.State;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a materialized view's build saw of its sources' writes, as Hive keeps it in the view's creation metadata:
 * Hive 4 writes a JSON object, {@code {"validTxnList": <text>, "tableSnapshots": <snapshots>}} (the snapshots are
 * of sources outside Hive's transactions, such as Iceberg tables), Hive 3 the text alone. The text is Hive's
 * {@code ValidTxnWriteIdList}: {@code <txn high-water mark>$<db.table>:<high-water mark>:<min open write id>:
 * <open write ids>:<aborted write ids>$...}, the ids separated by commas, no min open write id written as
 * {@link Long#MAX_VALUE}.
 */
public final class ViewSnapshotText {

    private static final JsonFactory JSON = new JsonFactory();

    /** What the build saw of one table: its writes up to the high-water mark but the unseen ones. */
    public record TableWrites(long highWaterMark, Optional<Long> minOpenWriteId, Set<Long> unseen) {}

    /** The tables by {@code db.table}, and whether the build also kept snapshots of other sources. */
    public record ViewSnapshot(Map<String, TableWrites> tables, boolean hasTableSnapshots) {}

    private ViewSnapshotText() {}

    /** Throws IllegalArgumentException for a text that is not in Hive's form. */
    public static ViewSnapshot read(String text) {
        if (text == null) {
            throw new IllegalArgumentException("a materialized view's creation metadata has no valid write ids");
        }
        if (text.startsWith("{")) {
            try (JsonParser json = JSON.createParser(text)) {
                return readJson(json);
            } catch (IOException e) {
                // as Hive: what is not its JSON is read as the text alone
            }
        }
        return new ViewSnapshot(tables(text), false);
    }

    private static ViewSnapshot readJson(JsonParser json) throws IOException {
        if (json.nextToken() != JsonToken.START_OBJECT) {
            throw new IOException("not an object");
        }
        String validTxnList = null;
        boolean hasTableSnapshots = false;
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            JsonToken value = json.nextToken();
            if (field.equals("validTxnList") && value == JsonToken.VALUE_STRING) {
                validTxnList = json.getText();
            } else if (field.equals("tableSnapshots") && value == JsonToken.START_OBJECT) {
                // the first token inside: its end (none) or the name of a first snapshot
                hasTableSnapshots = json.nextToken() != JsonToken.END_OBJECT;
                if (hasTableSnapshots) {
                    skipToEndOfObject(json);
                }
            } else {
                json.skipChildren();
            }
        }
        if (validTxnList == null) {
            return new ViewSnapshot(Map.of(), hasTableSnapshots);
        }
        return new ViewSnapshot(tables(validTxnList), hasTableSnapshots);
    }

    private static void skipToEndOfObject(JsonParser json) throws IOException {
        int depth = 1;
        while (depth > 0) {
            JsonToken token = json.nextToken();
            if (token == null) {
                throw new IOException("unfinished object");
            }
            if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
                depth++;
            } else if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
                depth--;
            }
        }
    }

    private static Map<String, TableWrites> tables(String text) {
        String[] parts = text.split("\\$");
        try {
            Long.parseLong(parts[0]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not Hive's list of valid write ids", e);
        }
        Map<String, TableWrites> tables = new HashMap<>();
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i];
            State state = ValidWriteIdListText.read(part)
                    .orElseThrow(() -> new IllegalArgumentException(
                            "'" + part + "' is not <db.table>:<high-water mark>:<min open write id>:..."));
            Set<Long> unseen = new HashSet<>(state.open());
            unseen.addAll(state.aborted());
            tables.put(state.table(), new TableWrites(state.highWaterMark(), state.minOpenWriteId(), unseen));
        }
        return tables;
    }
}
