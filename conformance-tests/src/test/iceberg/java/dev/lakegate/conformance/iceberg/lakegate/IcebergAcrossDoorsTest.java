package dev.lakegate.conformance.iceberg.lakegate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.iceberg.HiveCatalogScenarios;
import dev.lakegate.conformance.iceberg.HiveCatalogs;
import dev.lakegate.conformance.targets.LakegateGateway;
import dev.lakegate.conformance.targets.Targets;
import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hive.HiveCatalog;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * One Iceberg table through both of Lakegate's doors: Iceberg's HiveCatalog over Thrift, and
 * {@code lakegate table} over the catalog's gRPC API. Snapshots HiveCatalog commits are listed over
 * gRPC with their summaries; tags, branches, rollbacks and fast-forwards made over gRPC are what
 * HiveCatalog loads and scans; refused changes leave the table as it was. Lakegate only: the real HMS
 * has no second door.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class IcebergAcrossDoorsTest {

    private LakegateGateway gateway;
    private HiveCatalog catalog;
    private LakegateCli cli;
    private final String db = "doors";

    @BeforeAll
    void start() throws Exception {
        gateway = LakegateGateway.create(Targets.runDir(), Targets.logsDir()).withGrpc();
        gateway.start();
        catalog = HiveCatalogs.create(gateway.thriftUri(), gateway.warehouseUri(), Map.of(), "across-doors");
        catalog.createNamespace(Namespace.of(db));
        cli = new LakegateCli(gateway.grpcPort());
    }

    @AfterAll
    void stop() throws IOException {
        if (catalog != null) {
            catalog.close();
        }
        if (gateway != null) {
            gateway.stop();
        }
    }

    private Table newTable(String name) {
        return catalog.createTable(TableIdentifier.of(db, name), HiveCatalogScenarios.SCHEMA);
    }

    private Table load(String name) {
        return catalog.loadTable(TableIdentifier.of(db, name));
    }

    private static Set<String> files(TableScan scan) throws IOException {
        Set<String> names = new HashSet<>();
        try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
            for (FileScanTask task : tasks) {
                String path = task.file().location();
                names.add(path.substring(path.lastIndexOf('/') + 1));
            }
        }
        return names;
    }

    @Test
    void snapshotsCommittedThroughHiveCatalogAreListedOverGrpcWithTheirSummaries() throws Exception {
        Table table = newTable("listed");
        HiveCatalogScenarios.append(table, "a", 3);
        HiveCatalogScenarios.append(table, "b", 4);
        long first = table.currentSnapshot().parentId();
        long second = table.currentSnapshot().snapshotId();

        LakegateCli.Run listed = cli.table("snapshots", db + ".listed");
        assertThat(listed.exit()).as(listed.err()).isZero();
        String[] lines = listed.out().split("\n");
        assertThat(lines).hasSize(3);
        assertThat(lines[1].trim().split("\\s+"))
                .startsWith(Long.toString(first), "-")
                .endsWith("append", "3", "3");
        assertThat(lines[2].trim().split("\\s+"))
                .startsWith(Long.toString(second), Long.toString(first))
                .endsWith("append", "4", "7", "(current)");
    }

    @Test
    void tagsBranchesRollbacksAndFastForwardsMadeOverGrpcAreWhatHiveCatalogReads() throws Exception {
        Table table = newTable("refs");
        HiveCatalogScenarios.append(table, "a", 3);
        long first = table.currentSnapshot().snapshotId();
        HiveCatalogScenarios.append(table, "b", 4);
        long second = table.currentSnapshot().snapshotId();
        String name = db + ".refs";

        // A tag over gRPC: HiveCatalog time-travels to it.
        assertThat(cli.table("tag", name, "v1", "--snapshot", Long.toString(first))
                        .exit())
                .isZero();
        Table tagged = load("refs");
        assertThat(tagged.refs()).containsKeys("main", "v1");
        assertThat(tagged.refs().get("v1").isTag()).isTrue();
        assertThat(files(tagged.newScan().useRef("v1"))).containsExactly("a.parquet");
        assertThat(files(tagged.newScan())).containsExactlyInAnyOrder("a.parquet", "b.parquet");

        // A branch over gRPC; HiveCatalog commits to it.
        assertThat(cli.table("branch", name, "audit", "--snapshot", Long.toString(first))
                        .exit())
                .isZero();
        Table branched = load("refs");
        DataFile c = HiveCatalogScenarios.dataFile(branched, "c", 5, null);
        branched.newAppend().appendFile(c).toBranch("audit").commit();
        long audit = load("refs").refs().get("audit").snapshotId();
        assertThat(files(load("refs").newScan().useRef("audit"))).containsExactlyInAnyOrder("a.parquet", "c.parquet");

        // main is not behind audit (it has b): no fast-forward; rolled back to the first snapshot, it is.
        LakegateCli.Run refused = cli.table("fast-forward", name, "main", "--to", "audit");
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.err()).contains("is not an ancestor of audit's snapshot");
        assertThat(cli.table("rollback", name, Long.toString(first)).exit()).isZero();
        assertThat(load("refs").currentSnapshot().snapshotId()).isEqualTo(first);
        LakegateCli.Run forward = cli.table("fast-forward", name, "main", "--to", "audit");
        assertThat(forward.exit()).as(forward.err()).isZero();
        Table forwarded = load("refs");
        assertThat(forwarded.currentSnapshot().snapshotId()).isEqualTo(audit);
        assertThat(files(forwarded.newScan())).containsExactlyInAnyOrder("a.parquet", "c.parquet");
        assertThat(forwarded.snapshot(second)).isNotNull();

        // HiveCatalog goes on committing on top of what the gRPC door did.
        HiveCatalogScenarios.append(forwarded, "d", 6);
        Table last = load("refs");
        assertThat(last.currentSnapshot().parentId()).isEqualTo(audit);
        assertThat(last.refs()).containsKeys("main", "v1", "audit");
        LakegateCli.Run refs = cli.table("refs", name);
        assertThat(refs.out())
                .contains("v1", "audit", Long.toString(last.currentSnapshot().snapshotId()));
    }

    @Test
    void refusedChangesOverGrpcLeaveTheTableAsItWas() throws Exception {
        Table table = newTable("refused");
        HiveCatalogScenarios.append(table, "a", 3);
        String before = HiveCatalogScenarios.metadataLocation(load("refused"));
        String name = db + ".refused";

        LakegateCli.Run unknownSnapshot = cli.table("tag", name, "v1", "--snapshot", "42");
        assertThat(unknownSnapshot.exit()).isEqualTo(1);
        assertThat(unknownSnapshot.err()).contains("42");
        LakegateCli.Run existing = cli.table("branch", name, "main");
        assertThat(existing.exit()).isEqualTo(1);
        assertThat(existing.err()).contains("main");
        LakegateCli.Run missingTable = cli.table("snapshots", db + ".nowhere");
        assertThat(missingTable.exit()).isEqualTo(1);
        assertThat(missingTable.err()).contains("nowhere");

        Table after = load("refused");
        assertThat(HiveCatalogScenarios.metadataLocation(after)).isEqualTo(before);
        assertThat(after.refs()).containsOnlyKeys("main");
    }
}
