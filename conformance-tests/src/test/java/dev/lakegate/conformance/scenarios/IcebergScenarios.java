package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Normaliser;
import dev.lakegate.conformance.diff.Outcome;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Tables as Iceberg's HiveCatalog makes and commits them: an external table with {@code table_type=ICEBERG}
 * and {@code metadata_location}, committed by swapping {@code metadata_location} in {@code alter_table} with
 * {@code expected_parameter_key/value} in the environment context (HMS 4), under an EXCLUSIVE lock.
 */
@SuppressWarnings("deprecation")
public abstract class IcebergScenarios extends ScenarioSupport {

    protected String db;

    @BeforeEach
    void createDatabase() throws Exception {
        db = newDatabase("ice_db");
    }

    /**
     * The location of version {@code version} of the table's metadata file; the file is written (with
     * Iceberg's library, the scenario table's columns) unless it exists, since Lakegate reads the metadata
     * files it is pointed at, as a lake catalog must. The real HMS never reads them. They lie outside the
     * table's folder so that neither metastore counts them in the table's quick statistics (numFiles).
     */
    private static final String METADATA_DIR = "iceberg_metadata";

    /** {@link #metadata} as the normaliser writes it. */
    protected String normalisedMetadata(String table, int version) {
        return Normaliser.WAREHOUSE + "/" + METADATA_DIR + "/" + db + "/" + table + "/0000" + version
                + "-abc.metadata.json";
    }

    protected String metadata(String table, int version) {
        writeMetadata(
                table,
                version,
                List.of(new FieldSchema("id", "bigint", "the id"), new FieldSchema("name", "string", null)));
        return metadataLocation(table, version);
    }

    private String metadataLocation(String table, int version) {
        return target().warehouseUri() + "/" + METADATA_DIR + "/" + db + "/" + table + "/0000" + version
                + "-abc.metadata.json";
    }

    /** Writes that version of the table's metadata file with these columns, unless it exists. */
    protected void writeMetadata(String table, int version, List<FieldSchema> columns) {
        java.nio.file.Path file =
                warehouse().resolve(METADATA_DIR + "/" + db + "/" + table + "/0000" + version + "-abc.metadata.json");
        if (Files.exists(file)) {
            return;
        }
        List<org.apache.iceberg.types.Types.NestedField> fields = new ArrayList<>();
        for (FieldSchema column : columns) {
            fields.add(org.apache.iceberg.types.Types.NestedField.optional(
                    fields.size() + 1, column.getName(), icebergType(column.getType()), column.getComment()));
        }
        org.apache.iceberg.Schema schema = new org.apache.iceberg.Schema(fields);
        org.apache.iceberg.TableMetadata metadata = org.apache.iceberg.TableMetadata.newTableMetadata(
                schema,
                org.apache.iceberg.PartitionSpec.unpartitioned(),
                target().warehouseUri() + "/" + db + ".db/" + table,
                Map.of("format-version", "2"));
        org.apache.iceberg.TableMetadataParser.write(metadata, org.apache.iceberg.Files.localOutput(file.toFile()));
    }

    private static org.apache.iceberg.types.Type icebergType(String hiveType) {
        return switch (hiveType) {
            case "bigint" -> org.apache.iceberg.types.Types.LongType.get();
            case "int" -> org.apache.iceberg.types.Types.IntegerType.get();
            case "string" -> org.apache.iceberg.types.Types.StringType.get();
            case "timestamp" -> org.apache.iceberg.types.Types.TimestampType.withoutZone();
            default -> throw new IllegalArgumentException("no Iceberg type for " + hiveType + " in these scenarios");
        };
    }

    protected Table icebergTable(String name) {
        Table t = table(db, name);
        t.setTableType("EXTERNAL_TABLE");
        t.getSd().setLocation(target().warehouseUri() + "/" + db + ".db/" + name);
        t.getSd().setInputFormat("org.apache.hadoop.mapred.FileInputFormat");
        t.getSd().setOutputFormat("org.apache.hadoop.mapred.FileOutputFormat");
        t.getSd().getSerdeInfo().setSerializationLib("org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe");
        t.setParameters(new HashMap<>(Map.of(
                "EXTERNAL",
                "TRUE",
                "table_type",
                "ICEBERG",
                "metadata_location",
                metadata(name, 1),
                "uuid",
                "0b5f7d36-3c1b-4c1a-9e57-d1d7ce0b2c11")));
        return t;
    }

    /** HMS 4.0.1 runs expected_parameter_* as SQL that Derby refuses (CLOB = CLOB). */
    protected static void referenceCanCompareAndSwap() {
        referenceCannot(
                Reference.hive4(),
                "on embedded Derby, 4.0.1's alter_table with expected_parameter_* fails "
                        + "(ERROR 42818: comparisons between CLOB and CLOB are not supported)");
    }

    protected static EnvironmentContext expecting(String key, String value) {
        return new EnvironmentContext(
                new HashMap<>(Map.of("expected_parameter_key", key, "expected_parameter_value", value)));
    }

    @Test
    void anIcebergTableIsAnExternalTableWithItsMetadataLocation() throws Exception {
        client.createTable(icebergTable("ice"));
        Table got = client.getTable(db, "ice");
        assertThat(got.getTableType()).isEqualTo("EXTERNAL_TABLE");
        assertThat(((Map<?, ?>) tree(got)).get("parameters"))
                .isEqualTo(Map.of(
                        "EXTERNAL",
                        "TRUE",
                        "table_type",
                        "ICEBERG",
                        "metadata_location",
                        normalisedMetadata("ice", 1),
                        "uuid",
                        "0b5f7d36-3c1b-4c1a-9e57-d1d7ce0b2c11",
                        "transient_lastDdlTime",
                        Normaliser.TIME));
        assertThat(tree(got.getSd().getLocation())).isEqualTo(Normaliser.WAREHOUSE + "/" + db + ".db/ice");
    }

    @Test
    void aCommitWithTheExpectedMetadataLocationSwapsIt() throws Exception {
        referenceCanCompareAndSwap();
        client.createTable(icebergTable("ice"));
        Table t = client.getTable(db, "ice");
        t.getParameters().put("previous_metadata_location", metadata("ice", 1));
        t.getParameters().put("metadata_location", metadata("ice", 2));
        client.alter_table_with_environmentContext(db, "ice", t, expecting("metadata_location", metadata("ice", 1)));
        Table got = client.getTable(db, "ice");
        assertThat(tree(got.getParameters().get("metadata_location"))).isEqualTo(normalisedMetadata("ice", 2));
        assertThat(tree(got.getParameters().get("previous_metadata_location"))).isEqualTo(normalisedMetadata("ice", 1));
    }

    @Test
    void aCommitWithAStaleMetadataLocationIsRefusedByHive4() throws Exception {
        referenceCanCompareAndSwap();
        client.createTable(icebergTable("ice"));
        Table t = client.getTable(db, "ice");
        t.getParameters().put("metadata_location", metadata("ice", 2));
        client.alter_table_with_environmentContext(db, "ice", t, expecting("metadata_location", metadata("ice", 1)));

        Table stale = client.getTable(db, "ice");
        stale.getParameters().put("metadata_location", metadata("ice", 3));
        Outcome lost = outcome(c -> {
            c.alter_table_with_environmentContext(db, "ice", stale, expecting("metadata_location", metadata("ice", 1)));
            return null;
        });
        // Lakegate refuses it for every client: Deviation.COMPARE_AND_SWAP_FOR_EVERY_CLIENT (after which the two
        // targets hold different tables, so Lakegate's is read alone).
        if (Reference.hive4() || onLakegate()) {
            assertThat(lost.exceptionType()).isEqualTo("MetaException");
            assertThat(lost.message())
                    .startsWith("The table has been modified. The parameter value for key 'metadata_location' is");
            assertThat((onLakegate() ? direct : client)
                            .getTable(db, "ice")
                            .getParameters()
                            .get("metadata_location"))
                    .isEqualTo(metadata("ice", 2));
        } else {
            // HMS 3.1.3 ignores expected_parameter_*: the stale commit overwrites the newer one.
            assertThat(lost.failed()).as(String.valueOf(lost)).isFalse();
            assertThat(client.getTable(db, "ice").getParameters().get("metadata_location"))
                    .isEqualTo(metadata("ice", 3));
        }
    }

    @Test
    void aCommitUnderAnExclusiveLockAsIcebergMakesIt() throws Exception {
        referenceCanCompareAndSwap();
        client.createTable(icebergTable("ice"));
        LockResponse lock = direct.lock(LockScenarios.exclusive(db, "ice"));
        assertThat(lock.getState().name()).isEqualTo("ACQUIRED");
        Table t = client.getTable(db, "ice");
        assertThat(t.getParameters().get("metadata_location")).isEqualTo(metadata("ice", 1));
        t.getParameters().put("metadata_location", metadata("ice", 2));
        client.alter_table_with_environmentContext(db, "ice", t, expecting("metadata_location", metadata("ice", 1)));
        direct.unlock(lock.getLockid());
        assertThat(client.getTable(db, "ice").getParameters().get("metadata_location"))
                .isEqualTo(metadata("ice", 2));
    }

    @Test
    void droppingAnIcebergTableKeepsItsFiles() throws Exception {
        client.createTable(icebergTable("ice"));
        Files.createDirectories(warehouse().resolve(db + ".db/ice/metadata"));
        Files.writeString(warehouse().resolve(db + ".db/ice/metadata/00001-abc.metadata.json"), "{}");
        client.dropTable(db, "ice", false, false);
        assertThat(client.tableExists(db, "ice")).isFalse();
        assertThat(Files.exists(warehouse().resolve(db + ".db/ice/metadata/00001-abc.metadata.json")))
                .isTrue();
    }

    @Test
    void icebergTablesAreListedAndReadByName() throws Exception {
        client.createTable(icebergTable("ice_a"));
        client.createTable(icebergTable("ice_b"));
        client.createTable(table(db, "plain"));
        assertThat(client.getTables(db, "ice*")).containsExactly("ice_a", "ice_b");
        assertThat(client.getTableObjectsByName(db, List.of("ice_a", "ice_b")))
                .allSatisfy(t -> assertThat(t.getParameters()).containsEntry("table_type", "ICEBERG"));
    }

    @Test
    void renamingAnIcebergTableKeepsItsLocation() throws Exception {
        client.createTable(icebergTable("ice"));
        Table t = client.getTable(db, "ice");
        t.setTableName("ice_renamed");
        client.alter_table(db, "ice", t);
        Table got = client.getTable(db, "ice_renamed");
        assertThat(tree(got.getSd().getLocation())).isEqualTo(Normaliser.WAREHOUSE + "/" + db + ".db/ice");
        assertThat(got.getParameters().get("metadata_location")).isEqualTo(metadata("ice", 1));
    }

    @Test
    void aSchemaChangeCommittedWithTheMetadataLocation() throws Exception {
        referenceCanCompareAndSwap();
        client.createTable(icebergTable("ice"));
        Table t = client.getTable(db, "ice");
        t.getSd()
                .setCols(new ArrayList<>(List.of(
                        new FieldSchema("id", "bigint", null),
                        new FieldSchema("name", "string", null),
                        new FieldSchema("added", "timestamp", "new"))));
        writeMetadata("ice", 2, t.getSd().getCols());
        t.getParameters().put("metadata_location", metadata("ice", 2));
        client.alter_table_with_environmentContext(db, "ice", t, expecting("metadata_location", metadata("ice", 1)));
        assertThat(client.getTable(db, "ice").getSd().getCols())
                .extracting(FieldSchema::getName)
                .containsExactly("id", "name", "added");
    }
}
