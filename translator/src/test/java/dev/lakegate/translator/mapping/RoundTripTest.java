package dev.lakegate.translator.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.v1.HiveTableKind;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.PartitionField;
import dev.lakegate.catalog.v1.TableFormat;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.Test;

/** HMS → native → HMS gives the original back, after the documented normalisations. */
class RoundTripTest {

    private static final String UUID_TEXT = "0b7e4a1c-2f55-4b8e-9c1d-3e5f7a9b0c2d";

    @Test
    void database() {
        Database original = HmsFixtures.database();
        Namespace namespace = DatabaseMapper.toNative(original);
        assertThat(namespace.getPropertiesMap())
                .containsEntry(DatabaseMapper.MANAGED_LOCATION, "s3://bucket/managed/sales.db");
        assertThat(namespace.getComment()).isEqualTo("Sales data");
        assertThat(DatabaseMapper.fromNative(namespace)).isEqualTo(original);
    }

    @Test
    void hiveTable() {
        Table original = HmsFixtures.hiveTable();
        dev.lakegate.catalog.v1.Table table = TableMapper.toNative(original);
        assertThat(table.getFormat()).isEqualTo(TableFormat.HIVE);
        assertThat(table.getSchemas(0).getFieldsList())
                .extracting(f -> f.getId() + ":" + f.getName())
                .containsExactly("1:id", "2:name", "3:amount", "4:tags", "5:attrs", "6:u", "7:ds", "8:hr");
        assertThat(table.getPartitionSpecs(0).getFieldsList())
                .extracting(PartitionField::getSourceId, PartitionField::getName, PartitionField::getTransform)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(7, "ds", "identity"),
                        org.assertj.core.groups.Tuple.tuple(8, "hr", "identity"));
        assertThat(table.getHive().getKind()).isEqualTo(HiveTableKind.MANAGED_TABLE);
        assertThat(table.getHive().getRetention()).isEqualTo(7);
        Table back = TableMapper.fromNative(table.toBuilder().setId(UUID_TEXT).build());
        Table expected = original.deepCopy();
        expected.setId(TableIds.fromUuid(UUID_TEXT));
        assertThat(back).isEqualTo(expected);
    }

    @Test
    void icebergTableKeepsItsParametersExactly() {
        Table original = HmsFixtures.icebergTable();
        dev.lakegate.catalog.v1.Table table = TableMapper.toNative(original);
        assertThat(table.getFormat()).isEqualTo(TableFormat.ICEBERG);
        assertThat(table.getMetadataLocation())
                .isEqualTo("s3://bucket/sales.db/events/metadata/00001-abc.metadata.json");
        assertThat(table.getPropertiesMap()).isEqualTo(original.getParameters());
        assertThat(TableMapper.fromNative(table)).isEqualTo(original);

        Table moved = TableMapper.fromNative(
                table.toBuilder().setMetadataLocation("s3://new.metadata.json").build());
        assertThat(moved.getParameters()).containsEntry("metadata_location", "s3://new.metadata.json");
    }

    @Test
    void icebergTableCreatedNativelyLooksAsHiveCatalogWritesItForHive() {
        dev.lakegate.catalog.v1.Table table = TableMapper.toNative(HmsFixtures.icebergTable()).toBuilder()
                .clearHive()
                .clearProperties()
                .build();
        Table hms = TableMapper.fromNative(table);
        assertThat(hms.getTableType()).isEqualTo("EXTERNAL_TABLE");
        assertThat(hms.getParameters())
                .containsEntry("table_type", "ICEBERG")
                .containsEntry("EXTERNAL", "TRUE")
                .containsEntry("metadata_location", "s3://bucket/sales.db/events/metadata/00001-abc.metadata.json")
                .containsEntry("storage_handler", "org.apache.iceberg.mr.hive.HiveIcebergStorageHandler");
        assertThat(hms.getSd().getInputFormat()).isEqualTo("org.apache.iceberg.mr.hive.HiveIcebergInputFormat");
        assertThat(hms.getSd().getOutputFormat()).isEqualTo("org.apache.iceberg.mr.hive.HiveIcebergOutputFormat");
        assertThat(hms.getSd().getSerdeInfo().getSerializationLib())
                .isEqualTo("org.apache.iceberg.mr.hive.HiveIcebergSerDe");
        assertThat(hms.getPartitionKeys()).isEmpty();
        assertThat(hms.getSd().getBucketCols()).isEmpty();
        assertThat(hms.getSd().getSkewedInfo().getSkewedColNames()).isEmpty();
    }

    /** Paimon's HiveCatalog registers its partition keys (and partitions) in the metastore: they come back. */
    @Test
    void paimonTableKeepsThePartitionKeysItRegistered() {
        Table original = HmsFixtures.paimonTable();
        dev.lakegate.catalog.v1.Table table = TableMapper.toNative(original);
        assertThat(table.getFormat()).isEqualTo(TableFormat.PAIMON);
        assertThat(table.getPartitionSpecs(0).getFieldsList())
                .extracting(PartitionField::getName, PartitionField::getTransform)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("dt", "identity"));
        assertThat(TableMapper.partitionKeys(table))
                .extracting(FieldSchema::getName)
                .containsExactly("dt");
        assertThat(TableMapper.fromNative(table)).isEqualTo(original);
    }

    @Test
    void view() {
        Table original = HmsFixtures.view();
        assertThat(TableMapper.fromNative(TableMapper.toNative(original))).isEqualTo(original);
    }

    @Test
    void normalisesNamesAndTypes() {
        Table original = HmsFixtures.hiveTable();
        original.setTableName("Orders");
        original.getSd().getCols().set(0, new FieldSchema("ID", "BIGINT", "the id"));
        original.getSd().getCols().set(2, new FieldSchema("amount", "decimal", "money"));
        Table back = TableMapper.fromNative(TableMapper.toNative(original));
        assertThat(back.getTableName()).isEqualTo("orders");
        assertThat(back.getSd().getCols().get(0)).isEqualTo(new FieldSchema("id", "bigint", "the id"));
        assertThat(back.getSd().getCols().get(2)).isEqualTo(new FieldSchema("amount", "decimal(10,0)", "money"));
    }

    @Test
    void alteredTableKeepsFieldIdsAndSchemaId() {
        dev.lakegate.catalog.v1.Table current = TableMapper.toNative(HmsFixtures.hiveTable()).toBuilder()
                .setCurrentSchemaId(3)
                .setSchemas(
                        0,
                        TableMapper.toNative(HmsFixtures.hiveTable()).getSchemas(0).toBuilder()
                                .setSchemaId(3))
                .build();
        Table altered = HmsFixtures.hiveTable();
        altered.getSd().getCols().add(0, new FieldSchema("added", "int", null));
        dev.lakegate.catalog.v1.Table table = TableMapper.toNative(altered, current);
        assertThat(table.getCurrentSchemaId()).isEqualTo(3);
        assertThat(table.getSchemas(0).getFieldsList())
                .extracting(f -> f.getId() + ":" + f.getName())
                .containsExactly("0:added", "1:id", "2:name", "3:amount", "4:tags", "5:attrs", "6:u", "7:ds", "8:hr");
    }

    @Test
    void partition() {
        Partition original = HmsFixtures.partition();
        dev.lakegate.catalog.v1.Partition partition = PartitionMapper.toNative(original);
        assertThat(partition.getValuesList()).containsExactly("2024-01-01", "__HIVE_DEFAULT_PARTITION__");
        assertThat(PartitionMapper.fromNative(partition, "hive", "sales", "orders"))
                .isEqualTo(original);
    }

    @Test
    void function() {
        Function original = HmsFixtures.function();
        assertThat(FunctionMapper.fromNative(FunctionMapper.toNative(original))).isEqualTo(original);
    }

    @Test
    void tableStatistics() {
        ColumnStatistics original =
                new ColumnStatistics(new ColumnStatisticsDesc(true, "sales", "orders"), HmsFixtures.statistics());
        original.getStatsDesc().setCatName("hive");
        original.setEngine("hive");
        StatisticsMapper.NativeStatistics statistics = StatisticsMapper.toNative(original, List.of());
        assertThat(statistics.target().getPartitionValuesList()).isEmpty();
        assertThat(statistics.statistics()).hasSize(8);
        assertThat(StatisticsMapper.fromNative(statistics.target(), statistics.statistics(), List.of()))
                .isEqualTo(original);
    }

    @Test
    void partitionStatisticsOfTheDefaultPartitionAndAnotherEngine() {
        ColumnStatisticsDesc desc = new ColumnStatisticsDesc(false, "sales", "orders");
        desc.setPartName("ds=2024-01-01/hr=__HIVE_DEFAULT_PARTITION__");
        desc.setCatName("hive");
        ColumnStatistics original =
                new ColumnStatistics(desc, HmsFixtures.statistics().subList(0, 2));
        original.setEngine("impala");
        StatisticsMapper.NativeStatistics statistics = StatisticsMapper.toNative(original, List.of("ds", "hr"));
        assertThat(statistics.target().getPartitionValuesList())
                .containsExactly("2024-01-01", "__HIVE_DEFAULT_PARTITION__");
        assertThat(statistics.target().getEngine()).isEqualTo("impala");
        assertThat(StatisticsMapper.fromNative(statistics.target(), statistics.statistics(), List.of("ds", "hr")))
                .isEqualTo(original);
    }

    @Test
    void tableIdsAreStablePositiveAndDistinct() {
        assertThat(TableIds.fromUuid(UUID_TEXT))
                .isEqualTo(TableIds.fromUuid(UUID_TEXT))
                .isPositive();
        assertThat(TableIds.fromUuid(UUID.randomUUID().toString())).isNotEqualTo(TableIds.fromUuid(UUID_TEXT));
        assertThat(TableIds.fromUuid("")).isZero();
    }
}
