package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ColumnFigures;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.LakeFigures;
import dev.lakegate.catalog.server.model.PartitionFigures;
import dev.lakegate.catalog.server.model.SnapshotStatistics;
import dev.lakegate.catalog.server.model.Table;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.fs.Path;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;

/**
 * A Paimon table's statistics over gRPC (GetTableStatistics), read from the files Paimon's own writers left, for
 * the current snapshot, a tag and a branch, whole and per partition: checked against the rows read back with
 * Paimon's reader and the data files on disk. On embedded H2: the store plays no part beyond the location.
 */
class PaimonStatisticsTest extends PaimonFilesOnGrpcTest {

    /** An append table partitioned by day: id, amount, a note that is sometimes null. */
    private static FileStoreTable paimonTable(Path location) throws Exception {
        Schema schema = Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("amount", DataTypes.DECIMAL(10, 2))
                .column("note", DataTypes.STRING())
                .column("dt", DataTypes.STRING())
                .partitionKeys("dt")
                .build();
        return create(location, schema);
    }

    private static GenericRow row(int id, String amount, String note, String day) {
        return GenericRow.of(
                id,
                Decimal.fromBigDecimal(new BigDecimal(amount), 10, 2),
                note == null ? null : BinaryString.fromString(note),
                BinaryString.fromString(day));
    }

    /** The rows Paimon's reader reads back from {@code table}'s latest snapshot. */
    private static List<InternalRow> readBack(FileStoreTable table) throws IOException {
        ReadBuilder read = table.newReadBuilder();
        List<InternalRow> rows = new ArrayList<>();
        try (RecordReader<InternalRow> reader =
                read.newRead().createReader(read.newScan().plan())) {
            reader.forEachRemaining(row -> rows.add(GenericRow.of(
                    row.getInt(0),
                    row.getDecimal(1, 10, 2),
                    row.isNullAt(2) ? null : row.getString(2).copy(),
                    row.getString(3).copy())));
        }
        return rows;
    }

    private static long dataFileBytes(java.nio.file.Path table) throws IOException {
        try (Stream<java.nio.file.Path> files = Files.walk(table)) {
            return files.filter(file -> file.getFileName().toString().startsWith("data-"))
                    .mapToLong(file -> file.toFile().length())
                    .sum();
        }
    }

    private static ColumnFigures column(LakeFigures figures, String name) {
        return figures.columns().stream()
                .filter(column -> column.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private SnapshotStatistics statistics(Table table, Optional<String> ref) {
        return catalog.lakeStatistics().get(table.identifier(), Optional.empty(), ref, true);
    }

    @Test
    void figuresOfTheCurrentSnapshotATagAndABranchComeFromTheFiles() throws Exception {
        java.nio.file.Path folderOfTable = folder.resolve("sales");
        Path location = new Path(folderOfTable.toUri().toString());
        FileStoreTable paimon = paimonTable(location);
        Table table = register("sales", location.toString());
        write(
                paimon,
                List.of(
                        row(1, "10.50", "a", "2024-05-01"),
                        row(7, "3.25", null, "2024-05-01"),
                        row(4, "99.99", "b", "2024-05-02")));
        paimon.createTag("first", 1);
        write(paimon, List.of(row(-2, "0.01", null, "2024-05-02"), row(12, "42.00", "zz", "2024-05-03")));
        paimon.createBranch("audit", "first");

        SnapshotStatistics current = statistics(table, Optional.empty());

        List<InternalRow> rows = readBack(paimon);
        assertThat(current.snapshotId()).isEqualTo(2L);
        assertThat(current.recordedAt().toEpochMilli())
                .isEqualTo(paimon.snapshotManager().snapshot(2).timeMillis());
        LakeFigures whole = current.table();
        assertThat(whole.recordCount()).isEqualTo(rows.size());
        assertThat(whole.dataFileCount())
                .isEqualTo(paimon.store().newScan().plan().files().size());
        assertThat(whole.totalSizeBytes()).isEqualTo(dataFileBytes(folderOfTable));
        ColumnFigures id = column(whole, "id");
        assertThat(id.valueCount()).isEqualTo(5);
        assertThat(id.nullCount()).isZero();
        assertThat(id.lowerBound())
                .contains(Integer.toString(
                        rows.stream().mapToInt(r -> r.getInt(0)).min().orElseThrow()));
        assertThat(id.upperBound())
                .contains(Integer.toString(
                        rows.stream().mapToInt(r -> r.getInt(0)).max().orElseThrow()));
        ColumnFigures amount = column(whole, "amount");
        assertThat(amount.lowerBound()).contains("0.01");
        assertThat(amount.upperBound()).contains("99.99");
        ColumnFigures note = column(whole, "note");
        assertThat(note.nullCount())
                .isEqualTo(rows.stream().filter(r -> r.isNullAt(2)).count());
        assertThat(note.lowerBound()).contains("a");
        assertThat(note.upperBound()).contains("zz");
        assertThat(note.lowerBoundBytes()).isPresent();

        Map<String, Long> recordsByDay =
                rows.stream().collect(Collectors.groupingBy(r -> "dt=" + r.getString(3), Collectors.counting()));
        assertThat(current.partitions())
                .isSortedAccordingTo(Comparator.comparing(PartitionFigures::partition))
                .extracting(
                        PartitionFigures::partition,
                        partition -> partition.figures().recordCount())
                .containsExactlyElementsOf(recordsByDay.entrySet().stream()
                        .sorted(Map.Entry.comparingByKey())
                        .map(entry -> org.assertj.core.groups.Tuple.tuple(entry.getKey(), entry.getValue()))
                        .toList());
        Function<String, LakeFigures> day = name -> current.partitions().stream()
                .filter(partition -> partition.partition().equals(name))
                .findFirst()
                .orElseThrow()
                .figures();
        assertThat(column(day.apply("dt=2024-05-02"), "id").lowerBound()).contains("-2");
        assertThat(column(day.apply("dt=2024-05-02"), "id").upperBound()).contains("4");

        SnapshotStatistics tagged = statistics(table, Optional.of("first"));
        assertThat(tagged.snapshotId()).isEqualTo(1L);
        assertThat(tagged.table().recordCount()).isEqualTo(3);
        assertThat(column(tagged.table(), "id").lowerBound()).contains("1");
        assertThat(tagged.partitions())
                .extracting(PartitionFigures::partition)
                .containsExactly("dt=2024-05-01", "dt=2024-05-02");

        write(paimon.switchToBranch("audit"), List.of(row(100, "1.00", "x", "2024-06-01")));
        SnapshotStatistics branch = statistics(table, Optional.of("audit"));
        assertThat(branch.table().recordCount()).isEqualTo(4);
        assertThat(column(branch.table(), "id").upperBound()).contains("100");
        assertThat(statistics(table, Optional.empty()).table().recordCount())
                .as("main unchanged by the branch's write")
                .isEqualTo(5);
    }

    @Test
    void aTableNotWrittenYetHasNoStatistics() {
        Table table = register("sales", folder.resolve("never-written").toUri().toString());
        assertCatalogError(ErrorCode.SNAPSHOT_NOT_FOUND, () -> statistics(table, Optional.empty()));
    }
}
