package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ColumnFigures;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.LakeFigures;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.PartitionFigures;
import dev.lakegate.catalog.server.model.SnapshotStatistics;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Statistics of Iceberg tables written by Iceberg's own library into real Parquet files: each commit that
 * points the table at a new metadata file records its new snapshots' figures, which must be what the live
 * data files of each snapshot hold, read back from the files themselves.
 */
abstract class LakeStatisticsTest extends ServiceOnScratchStore {

    static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "data", Types.StringType.get()),
            Types.NestedField.required(3, "region", Types.StringType.get()));
    private static final PartitionSpec BY_REGION =
            PartitionSpec.builderFor(SCHEMA).identity("region").build();
    private static final AtomicInteger NAMESPACES = new AtomicInteger();

    @TempDir
    java.nio.file.Path folder;

    private final RequestContext context = RequestContext.of("tester");

    private IcebergFiles newFiles() {
        return IcebergFiles.create(
                new LocalScratchFiles(folder).newFolder("t"), new LocalScratchFiles(folder).io(), SCHEMA, BY_REGION);
    }

    private Table register(IcebergFiles files) {
        String namespace = "stats" + NAMESPACES.incrementAndGet();
        catalog.createNamespace(Namespace.of(namespace), context);
        return catalog.createTable(
                Table.builder(UUID.randomUUID(), TableIdentifier.inDefaultCatalog(namespace, "t"), TableFormat.ICEBERG)
                        .location(files.current().location())
                        .metadataLocation(files.metadataFile())
                        .build(),
                context);
    }

    private Table pointAt(Table table, String file) {
        return catalog.commitTable(
                new TableCommit(
                        table.identifier(),
                        List.of(new TableRequirement.AssertMetadataLocation(table.metadataLocation())),
                        List.of(new TableUpdate.SetMetadataLocation(file))),
                context);
    }

    static List<Record> rows(String region, long from, int count) {
        return LongStream.range(from, from + count)
                .mapToObj(id -> {
                    GenericRecord row = GenericRecord.create(SCHEMA);
                    row.setField("id", id);
                    row.setField("data", id % 5 == 0 ? null : "v" + id);
                    row.setField("region", region);
                    return (Record) row;
                })
                .toList();
    }

    private SnapshotStatistics statistics(Table table, long snapshotId) {
        return catalog.lakeStatistics().get(table.identifier(), Optional.of(snapshotId), Optional.empty(), true);
    }

    @Test
    void eachCommitRecordsWhatTheLiveFilesOfItsSnapshotsHold() {
        IcebergFiles files = newFiles();
        Table table = register(files);
        org.apache.iceberg.Table iceberg = files.table();
        DataFile eu = ParquetFiles.write(iceberg, rows("eu", 1, 50));
        DataFile us = ParquetFiles.write(iceberg, rows("us", 100, 30));
        iceberg.newAppend().appendFile(eu).appendFile(us).commit();
        long first = iceberg.currentSnapshot().snapshotId();
        table = pointAt(table, files.metadataFile());

        // Two snapshots and a tag in one move of the pointer: the second is counted from the first.
        iceberg.newAppend()
                .appendFile(ParquetFiles.write(iceberg, rows("eu", 200, 10)))
                .commit();
        long second = iceberg.currentSnapshot().snapshotId();
        iceberg.manageSnapshots().createTag("before-delete", second).commit();
        iceberg.newDelete().deleteFile(us).commit();
        long third = iceberg.currentSnapshot().snapshotId();
        table = pointAt(table, files.metadataFile());

        // Row-level deletes: a position delete file removing two rows of the first file.
        iceberg.newRowDelta()
                .addDeletes(ParquetFiles.deletePositions(iceberg, eu, 0, 7))
                .commit();
        long fourth = iceberg.currentSnapshot().snapshotId();
        table = pointAt(table, files.metadataFile());
        SnapshotStatistics withDeletes = statistics(table, fourth);
        assertThat(withDeletes.table().deleteFileCount()).isEqualTo(1);
        assertThat(withDeletes.table().deleteRecordCount()).isEqualTo(2);
        assertHoldsWhatTheFilesHold(withDeletes, iceberg, fourth);

        for (long snapshot : List.of(first, second, third)) {
            assertHoldsWhatTheFilesHold(statistics(table, snapshot), iceberg, snapshot);
        }
        SnapshotStatistics current = statistics(table, third);
        assertThat(current.table().recordCount()).isEqualTo(60);
        assertThat(current.partitions()).extracting(PartitionFigures::partition).containsExactly("region=eu");
        SnapshotStatistics tagged =
                catalog.lakeStatistics().get(table.identifier(), Optional.empty(), Optional.of("before-delete"), true);
        assertThat(tagged.snapshotId()).isEqualTo(second);
        assertThat(tagged.table().recordCount()).isEqualTo(90);
        ColumnFigures id = column(current.table(), "id");
        // The removed file's ids (100..129) leave the bounds as they were: still true bounds of what is left.
        assertThat(id.lowerBound()).contains("1");
        assertThat(id.upperBound()).contains("209");
        // The same bounds in Iceberg's single-value serialization (through the gRPC door too).
        assertThat(id.lowerBoundBytes()
                        .map(Base64.getDecoder()::decode)
                        .map(ByteBuffer::wrap)
                        .map(value -> Conversions.<Long>fromByteBuffer(Types.LongType.get(), value)))
                .contains(1L);
        SnapshotStatistics latest =
                catalog.lakeStatistics().get(table.identifier(), Optional.empty(), Optional.empty(), false);
        assertThat(latest.snapshotId()).isEqualTo(fourth);
        assertThat(latest.recordedAt())
                .isEqualTo(catalog.getTable(table.identifier(), TableView.BASIC).updateTime());
    }

    @Test
    void aTableRegisteredWithHistoryIsCountedOnceFromAllItsFilesThenFromEachCommit() {
        IcebergFiles files = newFiles();
        org.apache.iceberg.Table iceberg = files.table();
        iceberg.newAppend()
                .appendFile(ParquetFiles.write(iceberg, rows("eu", 1, 20)))
                .commit();
        long before = iceberg.currentSnapshot().snapshotId();
        iceberg.newAppend()
                .appendFile(ParquetFiles.write(iceberg, rows("us", 50, 7)))
                .commit();
        long registered = iceberg.currentSnapshot().snapshotId();
        Table table = register(files);

        assertHoldsWhatTheFilesHold(statistics(table, registered), iceberg, registered);
        // Counted from all its files (a gRPC client is not told how: only the service answers it).
        assertThat(statistics(table, registered).allPartitions()).isEqualTo(catalog instanceof CatalogService);
        assertCatalogError(ErrorCode.SNAPSHOT_NOT_FOUND, () -> statistics(table, before));

        iceberg.newAppend()
                .appendFile(ParquetFiles.write(iceberg, rows("asia", 70, 3)))
                .commit();
        long next = iceberg.currentSnapshot().snapshotId();
        pointAt(table, files.metadataFile());
        SnapshotStatistics counted = statistics(table, next);
        assertThat(counted.allPartitions()).isFalse(); // counted from its parent's figures and its own changes
        assertHoldsWhatTheFilesHold(counted, iceberg, next);
    }

    @Test
    void aSnapshotWhoseManifestsCannotBeReadGetsNoStatisticsAndTheCommitGoesOn() throws Exception {
        IcebergFiles files = newFiles();
        Table table = register(files);
        org.apache.iceberg.Table iceberg = files.table();
        iceberg.newAppend()
                .appendFile(ParquetFiles.write(iceberg, rows("eu", 1, 10)))
                .commit();
        long unreadable = iceberg.currentSnapshot().snapshotId();
        String lostList = iceberg.currentSnapshot().manifestListLocation();
        iceberg.newAppend()
                .appendFile(ParquetFiles.write(iceberg, rows("us", 20, 4)))
                .commit();
        long next = iceberg.currentSnapshot().snapshotId();
        java.nio.file.Files.delete(java.nio.file.Path.of(java.net.URI.create(lostList)));

        Table moved = pointAt(table, files.metadataFile());
        assertThat(moved.currentSnapshotId()).contains(next);
        assertCatalogError(ErrorCode.SNAPSHOT_NOT_FOUND, () -> statistics(moved, unreadable));
        // Its child has no parent figures to start from: it is counted from all its live files.
        assertHoldsWhatTheFilesHold(statistics(moved, next), iceberg, next);
    }

    private static ColumnFigures column(LakeFigures figures, String name) {
        return figures.columns().stream()
                .filter(column -> column.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    /** The figures against the snapshot's live data files, each read back row by row. */
    private static void assertHoldsWhatTheFilesHold(
            SnapshotStatistics statistics, org.apache.iceberg.Table iceberg, long snapshot) {
        Map<String, Expected> byPartition = new TreeMap<>();
        Expected whole = new Expected();
        try (CloseableIterable<FileScanTask> tasks =
                iceberg.newScan().useSnapshot(snapshot).planFiles()) {
            Set<String> deletes = new HashSet<>();
            for (FileScanTask task : tasks) {
                for (DeleteFile delete : task.deletes()) {
                    if (deletes.add(delete.location())) {
                        long rows = ParquetFiles.readDeletes(iceberg, delete.location());
                        long size = iceberg.io().newInputFile(delete.location()).getLength();
                        whole.addDeletes(rows, size);
                        byPartition
                                .computeIfAbsent(partitionOf(iceberg, task), p -> new Expected())
                                .addDeletes(rows, size);
                    }
                }
                String path = task.file().location();
                List<Record> rows = ParquetFiles.read(iceberg, path);
                long bytes = iceberg.io().newInputFile(path).getLength();
                String partition = partitionOf(iceberg, task);
                whole.add(rows, bytes);
                byPartition.computeIfAbsent(partition, p -> new Expected()).add(rows, bytes);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        whole.check(statistics.table());
        List<String> partitions = new ArrayList<>();
        for (PartitionFigures partition : statistics.partitions()) {
            partitions.add(partition.partition());
            byPartition.get(partition.partition()).check(partition.figures());
        }
        assertThat(partitions).containsExactlyElementsOf(byPartition.keySet());
    }

    private static String partitionOf(org.apache.iceberg.Table iceberg, FileScanTask task) {
        return iceberg.specs()
                .get(task.file().specId())
                .partitionToPath(task.file().partition());
    }

    /** What files hold, counted from their rows. */
    private static final class Expected {
        long records;
        long files;
        long bytes;
        long nullData;
        long deleteFiles;
        long deleteRecords;
        long minId = Long.MAX_VALUE;
        long maxId = Long.MIN_VALUE;

        void add(List<Record> rows, long size) {
            files++;
            bytes += size;
            records += rows.size();
            for (Record row : rows) {
                nullData += row.getField("data") == null ? 1 : 0;
                minId = Math.min(minId, (Long) row.getField("id"));
                maxId = Math.max(maxId, (Long) row.getField("id"));
            }
        }

        void addDeletes(long rows, long size) {
            deleteFiles++;
            deleteRecords += rows;
            bytes += size;
        }

        void check(LakeFigures figures) {
            assertThat(figures.recordCount()).isEqualTo(records);
            assertThat(figures.dataFileCount()).isEqualTo(files);
            assertThat(figures.deleteFileCount()).isEqualTo(deleteFiles);
            assertThat(figures.deleteRecordCount()).isEqualTo(deleteRecords);
            assertThat(figures.totalSizeBytes()).isEqualTo(bytes);
            ColumnFigures id = column(figures, "id");
            assertThat(id.valueCount()).isEqualTo(records);
            assertThat(id.nullCount()).isZero();
            assertThat(id.filesCounted()).isEqualTo(files);
            assertThat(Long.parseLong(id.lowerBound().orElseThrow())).isLessThanOrEqualTo(minId);
            assertThat(Long.parseLong(id.upperBound().orElseThrow())).isGreaterThanOrEqualTo(maxId);
            ColumnFigures data = column(figures, "data");
            assertThat(data.valueCount()).isEqualTo(records);
            assertThat(data.nullCount()).isEqualTo(nullData);
        }
    }
}
