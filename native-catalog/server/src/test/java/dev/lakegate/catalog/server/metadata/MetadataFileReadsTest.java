package dev.lakegate.catalog.server.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.LakeState;
import dev.lakegate.catalog.server.model.SnapshotStatistics;
import dev.lakegate.catalog.server.service.IcebergFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A commit's metadata file is parsed once: its lake state and the statistics of its new snapshots come from the
 * same parse. Shown by taking the file away after the first read: both readers still have it.
 */
class MetadataFileReadsTest {

    private static final Schema SCHEMA = new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));

    @TempDir
    Path folder;

    @Test
    void theLakeStateAndTheStatisticsShareOneParse() throws Exception {
        TableFileIO io = TableFileIO.withDefaults();
        IcebergFiles files =
                IcebergFiles.create(folder.resolve("t").toUri().toString(), io, SCHEMA, PartitionSpec.unpartitioned());
        Table table = files.table();
        table.newAppend()
                .appendFile(files.dataFile("a", 10))
                .appendFile(files.dataFile("b", 5))
                .commit();
        String location = files.metadataFile();

        MetadataFileReads reads = new IcebergMetadata(io).reads();
        LakeState state = reads.state(location).orElseThrow();
        Files.delete(Path.of(java.net.URI.create(location)));

        assertThat(reads.state(location)).contains(state);
        List<SnapshotStatistics> counted =
                new IcebergStatistics(io).newSnapshots(reads, location, Set.of(), StatisticsHistory.NONE);
        assertThat(counted).singleElement().satisfies(statistics -> {
            assertThat(statistics.snapshotId())
                    .isEqualTo(table.currentSnapshot().snapshotId());
            assertThat(statistics.table().recordCount()).isEqualTo(15);
        });
        // A new commit's reads parse afresh: the file is gone.
        assertThatThrownBy(() -> new IcebergMetadata(io).reads().state(location))
                .isInstanceOf(CatalogException.class);
    }
}
