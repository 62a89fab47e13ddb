package dev.lakegate.translator.mapping;

import com.google.protobuf.Timestamp;
import dev.lakegate.catalog.v1.ViewSources;
import dev.lakegate.translator.names.HiveNames;
import java.util.HashSet;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.CreationMetadata;

/**
 * A materialized view's creation metadata ({@code Table.creationMetadata}) and the catalog's view sources. HMS
 * keeps it for materialized views only, names it by the view it belongs to (whatever names the client put in
 * it), and stamps it with its own time in milliseconds whenever it is written: the caller passes that time.
 */
public final class ViewSourcesMapper {

    private ViewSourcesMapper() {}

    /** The view sources of a materialized view's creation metadata, materialized at {@code millis}. */
    public static ViewSources toNative(CreationMetadata metadata, long millis) {
        return ViewSources.newBuilder()
                .addAllTables(metadata.getTablesUsed() == null ? java.util.List.of() : metadata.getTablesUsed())
                .setSnapshot(Values.nullToEmpty(metadata.getValidTxnList()))
                .setMaterializedAt(Timestamp.newBuilder()
                        .setSeconds(Math.floorDiv(millis, 1000))
                        .setNanos((int) Math.floorMod(millis, 1000) * 1_000_000))
                .build();
    }

    /** The creation metadata HMS clients read for a view of the catalog's table, if it has view sources. */
    public static Optional<CreationMetadata> fromNative(dev.lakegate.catalog.v1.Table table) {
        if (!table.hasHive() || !table.getHive().hasViewSources()) {
            return Optional.empty();
        }
        ViewSources sources = table.getHive().getViewSources();
        CreationMetadata metadata = new CreationMetadata(
                HiveNames.DEFAULT_CATALOG,
                table.getNamespace(),
                table.getName(),
                new HashSet<>(sources.getTablesList()));
        if (!sources.getSnapshot().isEmpty()) {
            metadata.setValidTxnList(sources.getSnapshot());
        }
        metadata.setMaterializationTime(Values.millis(sources.getMaterializedAt()));
        return Optional.of(metadata);
    }
}
