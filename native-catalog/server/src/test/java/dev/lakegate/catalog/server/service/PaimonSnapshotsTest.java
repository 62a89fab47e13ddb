package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.RefType;
import dev.lakegate.catalog.server.model.Snapshot;
import dev.lakegate.catalog.server.model.SnapshotRef;
import dev.lakegate.catalog.server.model.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.fs.Path;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;

/**
 * Paimon tables written by Paimon's own library: the catalog shows the snapshots, tags and branches their files
 * hold when a caller asks for a table with its snapshots, without a commit through the catalog. Through GetTable
 * over gRPC, on embedded H2: the store plays no part beyond the table's location.
 */
class PaimonSnapshotsTest extends PaimonFilesOnGrpcTest {

    private static FileStoreTable paimonTable(Path location) throws Exception {
        Schema schema = Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("item", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "1")
                .build();
        return create(location, schema);
    }

    private static void write(FileStoreTable table, int from, int count) throws Exception {
        List<GenericRow> rows = new ArrayList<>();
        for (int id = from; id < from + count; id++) {
            rows.add(GenericRow.of(id, BinaryString.fromString("item" + id)));
        }
        write(table, rows);
    }

    private Table withSnapshots(Table table) {
        return catalog.getTable(table.identifier(), TableView.FULL);
    }

    @Test
    void snapshotsTagsAndBranchesComeFromTheTablesFiles() throws Exception {
        Path location = new Path(folder.resolve("orders").toUri().toString());
        FileStoreTable paimon = paimonTable(location);
        Table table = register("orders", location.toString());
        assertThat(withSnapshots(table).snapshots()).isEmpty(); // created, nothing written yet

        write(paimon, 0, 3);
        paimon.createTag("first", 1);
        write(paimon, 3, 2);
        paimon.createBranch("audit", "first");

        Table seen = withSnapshots(table);
        assertThat(seen.snapshots()).extracting(Snapshot::snapshotId).containsExactly(1L, 2L);
        Snapshot second = seen.snapshots().get(1);
        assertThat(second.parentSnapshotId()).contains(1L);
        assertThat(second.operation()).isEqualTo("append");
        assertThat(second.summary()).containsEntry("total-records", "5").containsEntry("added-records", "2");
        assertThat(second.timestamp().toEpochMilli())
                .isEqualTo(paimon.snapshotManager().snapshot(2).timeMillis());
        assertThat(second.schemaId()).contains(0);
        assertThat(seen.currentSnapshotId()).contains(2L);
        Map<String, String> refs = seen.refs().stream()
                .collect(Collectors.toMap(SnapshotRef::name, ref -> ref.type() + "@" + ref.snapshotId()));
        assertThat(refs)
                .containsExactlyInAnyOrderEntriesOf(Map.of("main", "BRANCH@2", "first", "TAG@1", "audit", "BRANCH@1"));

        // The table as the store keeps it has none of that: only the files do.
        assertThat(catalog.getTable(table.identifier(), TableView.BASIC).snapshots())
                .isEmpty();
    }

    @Test
    void aBranchThatWroteOnIsLeftOutRatherThanShownAtMainsSnapshot() throws Exception {
        Path location = new Path(folder.resolve("events").toUri().toString());
        FileStoreTable paimon = paimonTable(location);
        Table table = register("orders", location.toString());
        write(paimon, 0, 2);
        paimon.createTag("t1", 1);
        paimon.createBranch("dev", "t1");
        write(paimon.switchToBranch("dev"), 10, 1); // the branch's snapshot 2
        write(paimon, 2, 1); // main's snapshot 2, another one

        Table seen = withSnapshots(table);
        assertThat(seen.refs()).extracting(SnapshotRef::name).containsExactlyInAnyOrder("main", "t1");
        assertThat(seen.refs())
                .filteredOn(ref -> ref.type() == RefType.BRANCH)
                .extracting(SnapshotRef::snapshotId)
                .containsExactly(2L);
        assertThat(seen.snapshots().get(1).summary()).containsEntry("total-records", "3");
    }

    @Test
    void aTableWhoseFilesAreGoneHasNoSnapshots() {
        Table table = register("orders", folder.resolve("never-written").toUri().toString());
        Table seen = withSnapshots(table);
        assertThat(seen.snapshots()).isEmpty();
        assertThat(seen.refs()).isEmpty();
        assertThat(seen.currentSnapshotId()).isEqualTo(Optional.empty());
    }
}
