package dev.lakegate.catalog.server.grpc;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.model.Table;

/**
 * The messages of tables read. A read of an unchanged table hands out the very object the store
 * cached for that version, so its message is built once rather than on every GetTable (building it
 * is a visible share of a gateway's {@code get_table_req}, which reads the same table again and again).
 * Keys are weak and compared by
 * identity: a message lives no longer than the object it was made from, and an object made from
 * another version or view is another key. Tables are immutable, so a message never goes stale.
 */
final class TableMessages {

    /** As many as the store caches tables. */
    private static final int MAX_MESSAGES = 20_000;

    private final Cache<Table, dev.lakegate.catalog.v1.Table> messages =
            CacheBuilder.newBuilder().weakKeys().maximumSize(MAX_MESSAGES).build();

    dev.lakegate.catalog.v1.Table of(Table table) {
        dev.lakegate.catalog.v1.Table message = messages.getIfPresent(table);
        if (message == null) {
            message = TableMapper.toProto(table);
            messages.put(table, message);
        }
        return message;
    }
}
