package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.StatisticsTarget;
import dev.lakegate.catalog.server.model.Table;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

public interface StatisticsContract extends CatalogContract {

    static List<ColumnStatistics> everyKind() {
        byte[] bits = {1, 2, 3, (byte) 0xFF};
        return List.of(
                new ColumnStatistics(
                        "id",
                        "bigint",
                        Optional.of(0L),
                        Optional.of(100L),
                        bits,
                        new byte[0],
                        new ColumnStatistics.LongData(Optional.of(1L), Optional.of(100L))),
                new ColumnStatistics(
                        "name",
                        "varchar(64)",
                        Optional.of(3L),
                        Optional.of(90L),
                        new byte[0],
                        new byte[0],
                        new ColumnStatistics.StringData(64, 12.5)),
                new ColumnStatistics(
                        "price",
                        "decimal(12,2)",
                        Optional.of(1L),
                        Optional.empty(),
                        new byte[0],
                        new byte[] {9},
                        new ColumnStatistics.DecimalData(
                                Optional.of(new BigDecimal("-1.25")), Optional.of(new BigDecimal("99999.99")))),
                new ColumnStatistics(
                        "seen",
                        "timestamp",
                        Optional.empty(),
                        Optional.empty(),
                        new byte[0],
                        new byte[0],
                        new ColumnStatistics.TimestampData(Optional.of(1L), Optional.empty())));
    }

    @Test
    default void tableStatisticsRoundTripAndReplaceByColumn() {
        String namespace = newNamespace();
        Table table = catalog().createTable(CatalogFixtures.hiveTable(namespace, "s"), context());
        StatisticsTarget target = StatisticsTarget.ofTable(table.identifier());
        catalog().updateColumnStatistics(target, everyKind(), context());
        assertThat(catalog().getColumnStatistics(target, List.of()))
                .containsExactlyElementsOf(everyKind().stream()
                        .sorted(java.util.Comparator.comparing(ColumnStatistics::column))
                        .toList());

        ColumnStatistics replaced = new ColumnStatistics(
                "ID",
                "bigint",
                Optional.of(5L),
                Optional.of(7L),
                new byte[0],
                new byte[0],
                new ColumnStatistics.LongData(Optional.empty(), Optional.of(7L)));
        catalog().updateColumnStatistics(target, List.of(replaced), context());
        assertThat(catalog().getColumnStatistics(target, List.of("Id")))
                .containsExactly(new ColumnStatistics(
                        "id",
                        "bigint",
                        Optional.of(5L),
                        Optional.of(7L),
                        new byte[0],
                        new byte[0],
                        new ColumnStatistics.LongData(Optional.empty(), Optional.of(7L))));
        assertThat(catalog().deleteColumnStatistics(target, List.of("id"), context()))
                .isEqualTo(1);
        assertThat(catalog().getColumnStatistics(target, List.of())).hasSize(3);
        assertThat(catalog().deleteColumnStatistics(target, List.of(), context()))
                .isEqualTo(3);
    }

    @Test
    default void statisticsNeedExistingColumnsAndPartitions() {
        String namespace = newNamespace();
        Table table = catalog().createTable(CatalogFixtures.hiveTable(namespace, "s"), context());
        StatisticsTarget tableTarget = StatisticsTarget.ofTable(table.identifier());
        ColumnStatistics onKey = new ColumnStatistics(
                "ds",
                "string",
                Optional.of(0L),
                Optional.of(1L),
                new byte[0],
                new byte[0],
                new ColumnStatistics.StringData(10, 10));
        assertCatalogError(
                        ErrorCode.INVALID_ARGUMENT,
                        () -> catalog().updateColumnStatistics(tableTarget, List.of(onKey), context()))
                .hasMessageContaining("'ds' is not a column");
        StatisticsTarget partition = new StatisticsTarget(table.identifier(), List.of("2024-01-01", "1"), "");
        assertCatalogError(
                ErrorCode.PARTITION_NOT_FOUND,
                () -> catalog().updateColumnStatistics(partition, everyKind(), context()));

        catalog()
                .addPartitions(
                        table.identifier(), List.of(CatalogFixtures.partition("2024-01-01", 1)), false, context());
        catalog().updateColumnStatistics(partition, everyKind(), context());
        assertThat(catalog().getColumnStatistics(partition, List.of("name"))).hasSize(1);
        assertThat(catalog().getColumnStatistics(tableTarget, List.of())).isEmpty();

        catalog().deletePartitions(table.identifier(), List.of(List.of("2024-01-01", "1")), false, context());
        catalog()
                .addPartitions(
                        table.identifier(), List.of(CatalogFixtures.partition("2024-01-01", 1)), false, context());
        assertThat(catalog().getColumnStatistics(partition, List.of())).isEmpty();
    }
}
