package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.PartitionFilter.Operator;
import dev.lakegate.catalog.server.model.PartitionNames;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

public interface PartitionContract extends CatalogContract {

    /** ds in 2024-01-01..03, hr in 0..11: 36 partitions. */
    private Table tableWithPartitions() {
        String namespace = newNamespace();
        Table table = catalog().createTable(CatalogFixtures.hiveTable(namespace, "p"), context());
        List<Partition> partitions = new ArrayList<>();
        for (String ds : List.of("2024-01-01", "2024-01-02", "2024-01-03")) {
            for (int hr = 0; hr < 12; hr++) {
                partitions.add(CatalogFixtures.partition(ds, hr));
            }
        }
        catalog().addPartitions(table.identifier(), partitions, false, context());
        return table;
    }

    private List<String> names(Table table, PartitionFilter filter) {
        return catalog()
                .listPartitions(table.identifier(), Optional.of(filter), List.of(), PageRequest.first(1000), true)
                .items()
                .stream()
                .map(p -> PartitionNames.name(table.partitionKeys(), p.values()))
                .toList();
    }

    @Test
    default void addedPartitionReadsBackWithEveryField() {
        Table table = tableWithPartitions();
        Partition read = catalog().getPartition(table.identifier(), List.of("2024-01-02", "7"));
        Partition expected = CatalogFixtures.partition("2024-01-02", 7).withCreateTime(clock().instant());
        assertThat(read).isEqualTo(expected);
        assertCatalogError(
                        ErrorCode.PARTITION_NOT_FOUND,
                        () -> catalog().getPartition(table.identifier(), List.of("2024-01-02", "99")))
                .hasMessageContaining("ds=2024-01-02/hr=99");
        assertCatalogError(
                        ErrorCode.INVALID_ARGUMENT,
                        () -> catalog().getPartition(table.identifier(), List.of("2024-01-02")))
                .hasMessageContaining("needs 2 values");
    }

    @Test
    default void duplicatePartitionsFailTheWholeBatchUnlessSkipped() {
        Table table = tableWithPartitions();
        long before = catalog().countPartitions(table.identifier(), Optional.empty());
        assertCatalogError(
                        ErrorCode.PARTITION_ALREADY_EXISTS,
                        () -> catalog()
                                .addPartitions(
                                        table.identifier(),
                                        List.of(
                                                CatalogFixtures.partition("2024-02-01", 0),
                                                CatalogFixtures.partition("2024-01-01", 0)),
                                        false,
                                        context()))
                .hasMessageContaining("ds=2024-01-01/hr=0");
        assertCatalogError(
                        ErrorCode.INVALID_ARGUMENT,
                        () -> catalog()
                                .addPartitions(
                                        table.identifier(),
                                        List.of(
                                                CatalogFixtures.partition("2024-02-01", 0),
                                                CatalogFixtures.partition("2024-02-01", 0)),
                                        false,
                                        context()))
                .hasMessageContaining("appears twice");
        assertThat(catalog().countPartitions(table.identifier(), Optional.empty()))
                .isEqualTo(before);

        List<Partition> added = catalog()
                .addPartitions(
                        table.identifier(),
                        List.of(CatalogFixtures.partition("2024-02-01", 0), CatalogFixtures.partition("2024-01-01", 0)),
                        true,
                        context());
        assertThat(added).extracting(Partition::values).containsExactly(List.of("2024-02-01", "0"));
        assertThat(catalog().countPartitions(table.identifier(), Optional.empty()))
                .isEqualTo(before + 1);
    }

    /** Paimon's HiveCatalog adds a partition for each new one its commits write, as for a Hive table. */
    @Test
    default void paimonTablesHoldTheirPartitions() {
        String namespace = newNamespace();
        Table paimon = catalog().createTable(CatalogFixtures.paimonTable(namespace, "orders"), context());

        List<Partition> added = catalog()
                .addPartitions(
                        paimon.identifier(),
                        List.of(CatalogFixtures.partition("2024-01-01", 1), CatalogFixtures.partition("2024-01-02", 1)),
                        false,
                        context());
        assertThat(added).hasSize(2);
        assertThat(catalog().countPartitions(paimon.identifier(), Optional.empty()))
                .isEqualTo(2);
    }

    @Test
    default void partitionCallsNeedAPartitionedHiveTable() {
        String namespace = newNamespace();
        Table plain = catalog().createTable(CatalogFixtures.unpartitionedHiveTable(namespace, "plain"), context());
        Table iceberg = catalog().createTable(CatalogFixtures.icebergTable(namespace, "ice"), context());
        for (Table table : List.of(plain, iceberg)) {
            assertCatalogError(
                    ErrorCode.NOT_PARTITIONED,
                    () -> catalog()
                            .addPartitions(
                                    table.identifier(), List.of(CatalogFixtures.partition("x", 1)), false, context()));
        }
        assertCatalogError(
                ErrorCode.TABLE_NOT_FOUND,
                () -> catalog()
                        .countPartitions(TableIdentifier.inDefaultCatalog(namespace, "missing"), Optional.empty()));
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> catalog()
                        .listPartitions(
                                plain.identifier(), Optional.empty(), List.of(), PageRequest.first(10_001), false));
    }

    @Test
    default void filtersCompareIntegralKeysAsNumbersAndStringsAsStrings() {
        Table table = tableWithPartitions();
        assertThat(names(
                        table,
                        new PartitionFilter.And(List.of(
                                new PartitionFilter.Compare("ds", Operator.EQUAL, "2024-01-01"),
                                new PartitionFilter.Compare("hr", Operator.GREATER, "9")))))
                .containsExactly("ds=2024-01-01/hr=10", "ds=2024-01-01/hr=11");
        assertThat(names(
                        table,
                        new PartitionFilter.And(List.of(
                                new PartitionFilter.Compare("ds", Operator.GREATER_OR_EQUAL, "2024-01-03"),
                                new PartitionFilter.In("hr", List.of("1", "10"), false)))))
                .containsExactly("ds=2024-01-03/hr=1", "ds=2024-01-03/hr=10");
        assertThat(names(
                        table,
                        new PartitionFilter.And(List.of(
                                new PartitionFilter.Like("ds", "%-02", false),
                                new PartitionFilter.Between("hr", "2", "3", false)))))
                .containsExactly("ds=2024-01-02/hr=2", "ds=2024-01-02/hr=3");
        assertThat(names(
                        table,
                        new PartitionFilter.And(List.of(
                                new PartitionFilter.Not(
                                        new PartitionFilter.Compare("ds", Operator.NOT_EQUAL, "2024-01-01")),
                                new PartitionFilter.Or(List.of(
                                        new PartitionFilter.Compare("hr", Operator.LESS, "1"),
                                        new PartitionFilter.Between("hr", "1", "10", true)))))))
                .containsExactly("ds=2024-01-01/hr=0", "ds=2024-01-01/hr=11");
        assertThat(catalog()
                        .countPartitions(
                                table.identifier(),
                                Optional.of(new PartitionFilter.Compare("hr", Operator.LESS_OR_EQUAL, "5"))))
                .isEqualTo(18);
        assertCatalogError(
                        ErrorCode.INVALID_ARGUMENT,
                        () -> names(table, new PartitionFilter.Compare("nope", Operator.EQUAL, "1")))
                .hasMessageContaining("nope");
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> names(table, new PartitionFilter.Compare("hr", Operator.EQUAL, "ten")));
    }

    @Test
    default void listingsPageInNameOrderAndHonourPrefixes() {
        Table table = tableWithPartitions();
        List<String> seen = new ArrayList<>();
        String token = "";
        do {
            Page<Partition> page = catalog()
                    .listPartitions(table.identifier(), Optional.empty(), List.of(), new PageRequest(7, token), false);
            assertThat(page.items()).hasSizeLessThanOrEqualTo(7);
            page.items().forEach(p -> seen.add(PartitionNames.name(table.partitionKeys(), p.values())));
            token = page.nextPageToken();
        } while (!token.isEmpty());
        assertThat(seen).hasSize(36).isSorted().doesNotHaveDuplicates();

        Page<Partition> prefixed = catalog()
                .listPartitions(
                        table.identifier(), Optional.empty(), List.of("2024-01-02"), PageRequest.first(100), true);
        assertThat(prefixed.items()).hasSize(12).allMatch(p -> p.values().get(0).equals("2024-01-02"));
        Page<Partition> wildcard = catalog()
                .listPartitions(table.identifier(), Optional.empty(), List.of("", "3"), PageRequest.first(100), true);
        assertThat(wildcard.items())
                .extracting(p -> p.values().get(0))
                .containsExactly("2024-01-01", "2024-01-02", "2024-01-03");
        List<Partition> batch = catalog()
                .batchGetPartitions(
                        table.identifier(),
                        List.of(List.of("2024-01-03", "1"), List.of("2024-01-01", "2"), List.of("1999-01-01", "0")),
                        false);
        assertThat(batch)
                .extracting(Partition::values)
                .containsExactly(List.of("2024-01-01", "2"), List.of("2024-01-03", "1"));
    }

    @Test
    default void nameListingsPageLikePartitionListings() {
        Table table = tableWithPartitions();
        List<String> seen = new ArrayList<>();
        String token = "";
        do {
            Page<String> page = catalog()
                    .listPartitionNames(table.identifier(), Optional.empty(), List.of(), new PageRequest(5, token));
            assertThat(page.items()).hasSizeLessThanOrEqualTo(5);
            seen.addAll(page.items());
            token = page.nextPageToken();
        } while (!token.isEmpty());
        List<String> listed = catalog()
                .listPartitions(table.identifier(), Optional.empty(), List.of(), PageRequest.first(100), true)
                .items()
                .stream()
                .map(p -> PartitionNames.name(table.partitionKeys(), p.values()))
                .toList();
        assertThat(seen).hasSize(36).isEqualTo(listed);

        Optional<PartitionFilter> filter = Optional.of(new PartitionFilter.Compare("hr", Operator.LESS_OR_EQUAL, "1"));
        assertThat(catalog()
                        .listPartitionNames(table.identifier(), filter, List.of("2024-01-02"), PageRequest.first(100))
                        .items())
                .containsExactly("ds=2024-01-02/hr=0", "ds=2024-01-02/hr=1");
        assertCatalogError(
                        ErrorCode.INVALID_ARGUMENT,
                        () -> catalog()
                                .listPartitionNames(
                                        table.identifier(),
                                        Optional.of(new PartitionFilter.Compare("nope", Operator.EQUAL, "1")),
                                        List.of(),
                                        PageRequest.first(9)))
                .hasMessageContaining("nope");
    }

    @Test
    default void specialCharactersAreEscapedInNamesAndKeptInValues() {
        String namespace = newNamespace();
        Table table = catalog().createTable(CatalogFixtures.hiveTable(namespace, "esc"), context());
        String odd = "a/b=c:d%e#f g ü";
        catalog()
                .addPartitions(
                        table.identifier(),
                        List.of(CatalogFixtures.partition(odd, 1), CatalogFixtures.partition("", 2)),
                        false,
                        context());
        assertThat(catalog().getPartition(table.identifier(), List.of(odd, "1")).values())
                .containsExactly(odd, "1");
        List<String> names = catalog()
                .listPartitions(table.identifier(), Optional.empty(), List.of(), PageRequest.first(10), true)
                .items()
                .stream()
                .map(p -> PartitionNames.name(table.partitionKeys(), p.values()))
                .toList();
        assertThat(names).containsExactly("ds=__HIVE_DEFAULT_PARTITION__/hr=2", "ds=a%2Fb%3Dc%3Ad%25e%23f g ü/hr=1");
    }

    @Test
    default void updateRenamesAPartitionAndDeleteRemovesIt() {
        Table table = tableWithPartitions();
        Partition moved = CatalogFixtures.partition("2024-09-09", 9).withLocation("file:/moved");
        catalog()
                .updatePartitions(
                        table.identifier(),
                        List.of(new PartitionUpdate(
                                List.of("2024-01-01", "0"),
                                new Partition(
                                        moved.values(),
                                        moved.location(),
                                        Map.of("touched", "yes"),
                                        moved.createTime(),
                                        moved.lastAccessTime(),
                                        moved.columns(),
                                        moved.storage()))),
                        context());
        Partition read = catalog().getPartition(table.identifier(), List.of("2024-09-09", "9"));
        assertThat(read.location()).isEqualTo("file:/moved");
        assertThat(read.parameters()).isEqualTo(Map.of("touched", "yes"));
        assertThat(read.createTime()).isEqualTo(clock().instant());
        assertCatalogError(
                ErrorCode.PARTITION_NOT_FOUND,
                () -> catalog().getPartition(table.identifier(), List.of("2024-01-01", "0")));
        assertCatalogError(
                ErrorCode.PARTITION_ALREADY_EXISTS,
                () -> catalog()
                        .updatePartitions(
                                table.identifier(),
                                List.of(new PartitionUpdate(
                                        List.of("2024-09-09", "9"), CatalogFixtures.partition("2024-01-01", 1))),
                                context()));

        List<Partition> deleted = catalog()
                .deletePartitions(
                        table.identifier(),
                        List.of(List.of("2024-09-09", "9"), List.of("2024-01-01", "1")),
                        false,
                        context());
        assertThat(deleted).hasSize(2);
        assertThat(catalog().countPartitions(table.identifier(), Optional.empty()))
                .isEqualTo(34);
        assertCatalogError(
                ErrorCode.PARTITION_NOT_FOUND,
                () -> catalog()
                        .deletePartitions(
                                table.identifier(),
                                List.of(List.of("2024-01-01", "2"), List.of("2024-09-09", "9")),
                                false,
                                context()));
        assertThat(catalog().countPartitions(table.identifier(), Optional.empty()))
                .isEqualTo(34);
        assertThat(catalog().deletePartitions(table.identifier(), List.of(List.of("2024-09-09", "9")), true, context()))
                .isEmpty();
    }
}
