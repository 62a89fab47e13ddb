package dev.lakegate.conformance.iceberg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.conformance.scenarios.ScenarioSupport;
import dev.lakegate.conformance.targets.Targets;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.hive.HiveCatalog;
import org.apache.iceberg.hive.HiveSchemaUtil;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Apache Iceberg's own {@link HiveCatalog} against the target, as engines run it: creating, committing
 * (metadata-only appends of small files written under the table), evolving, renaming, dropping and
 * registering tables, in both commit modes (an HMS EXCLUSIVE lock around {@code alter_table}, or no lock and
 * {@code alter_table} as a compare-and-swap through {@code expected_parameter_key/value}), and eight writers
 * at once. The HMS-level table is read with a plain client of the target ({@link #direct}).
 */
public abstract class HiveCatalogScenarios extends ScenarioSupport {

    static {
        // Iceberg logs every commit at INFO: keep the output to what the scenarios print.
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.iceberg", "warn");
    }

    /**
     * Iceberg's switch for the no-lock commit (catalog config); the table property is
     * {@code engine.hive.lock-enabled}.
     */
    public static final String LOCK_ENABLED_CONF = "iceberg.engine.hive.lock-enabled";

    static final String LOCK_ENABLED_PROPERTY = "engine.hive.lock-enabled";
    static final int WRITERS = 8;
    static final int APPENDS_PER_WRITER = 10;

    public static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "name", Types.StringType.get()),
            Types.NestedField.optional(3, "price", Types.DecimalType.of(10, 2)),
            Types.NestedField.optional(4, "day", Types.DateType.get()),
            Types.NestedField.optional(5, "at", Types.TimestampType.withoutZone()),
            Types.NestedField.optional(6, "ok", Types.BooleanType.get()),
            Types.NestedField.optional(7, "score", Types.DoubleType.get()),
            Types.NestedField.optional(8, "region", Types.StringType.get()));

    /** The HMS columns HiveCatalog derives from {@link #SCHEMA}. */
    static final List<String> HMS_COLUMNS = List.of(
            "id:bigint",
            "name:string",
            "price:decimal(10,2)",
            "day:date",
            "at:timestamp",
            "ok:boolean",
            "score:double",
            "region:string");

    protected String db;
    private final List<HiveCatalog> catalogs = new ArrayList<>();

    @BeforeEach
    void createNamespace() {
        db = unique("ice_cat").toLowerCase(Locale.ROOT);
        catalog().createNamespace(Namespace.of(db));
    }

    /**
     * Drops the scenario's database with its tables: on Lakegate, the other scenarios of the run compare its
     * database list with the reference's, which never saw this one (the catalog talks to Lakegate alone).
     */
    @AfterEach
    void dropNamespaceAndCloseCatalogs() throws Exception {
        try {
            direct.dropDatabase(db, true, true, true);
        } catch (org.apache.hadoop.hive.metastore.api.NoSuchObjectException e) {
            // already gone
        }
        for (HiveCatalog c : catalogs) {
            try {
                c.close();
            } catch (IOException | RuntimeException e) {
                // a catalog that cannot close changes no outcome
            }
        }
        catalogs.clear();
    }

    // --- the catalog -----------------------------------------------------------------------------------

    /** A HiveCatalog of the target, with Iceberg's defaults (HMS locks). */
    protected HiveCatalog catalog() {
        return catalog(Map.of(), null);
    }

    /**
     * A HiveCatalog of the target with these Hadoop settings. {@code poolKey}, when set, gives the catalog a
     * client pool of its own (Iceberg shares one pool per metastore URI and user in a JVM otherwise).
     */
    protected HiveCatalog catalog(Map<String, String> conf, String poolKey) {
        HiveCatalog catalog = HiveCatalogs.create(target().thriftUri(), target().warehouseUri(), conf, poolKey);
        synchronized (catalogs) {
            catalogs.add(catalog);
        }
        return catalog;
    }

    protected TableIdentifier id(String table) {
        return TableIdentifier.of(db, table);
    }

    /** Table properties that make Iceberg retry a lost commit quickly and often, as a busy writer would. */
    public static Map<String, String> retrying() {
        return Map.of(
                "commit.retry.num-retries",
                "100",
                "commit.retry.min-wait-ms",
                "20",
                "commit.retry.max-wait-ms",
                "1000",
                "commit.retry.total-timeout-ms",
                "120000");
    }

    public static String metadataLocation(Table table) {
        return ((HasTableOperations) table).operations().current().metadataFileLocation();
    }

    /** Whether the file is on S3 (the commit benchmark's tables), reached through the table's FileIO. */
    static boolean onObjectStore(String location) {
        return location.startsWith("s3:") || location.startsWith("s3a:");
    }

    static Path local(String location) {
        return Path.of(URI.create(location.startsWith("file:") ? location : "file:" + location));
    }

    /** A small real file under the table's data folder, described as a data file of {@code records} records. */
    public static DataFile dataFile(Table table, String name, long records, String partitionPath) {
        String location =
                table.location() + "/data/" + (partitionPath == null ? "" : partitionPath + "/") + name + ".parquet";
        byte[] bytes = ("rows " + records + " of " + name + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            if (onObjectStore(location)) {
                try (OutputStream out = table.io().newOutputFile(location).create()) {
                    out.write(bytes);
                }
            } else {
                Path file = local(location);
                Files.createDirectories(file.getParent());
                Files.write(file, bytes);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        DataFiles.Builder builder = DataFiles.builder(table.spec())
                .withPath(location)
                .withFormat(FileFormat.PARQUET)
                .withFileSizeInBytes(bytes.length)
                .withRecordCount(records);
        if (partitionPath != null) {
            builder.withPartitionPath(partitionPath);
        }
        return builder.build();
    }

    /** Appends a new small file of {@code records} records in a commit of its own, and returns it. */
    public static DataFile append(Table table, String name, long records) {
        DataFile f = dataFile(table, name, records, null);
        table.newAppend().appendFile(f).commit();
        return f;
    }

    /** The HMS table as a plain client of the target reads it. */
    @SuppressWarnings("deprecation")
    protected org.apache.hadoop.hive.metastore.api.Table hmsTable(String table) throws Exception {
        return direct.getTable(db, table);
    }

    static List<String> columns(org.apache.hadoop.hive.metastore.api.Table t) {
        return t.getSd().getCols().stream()
                .map(c -> c.getName() + ":" + c.getType())
                .toList();
    }

    static List<String> operations(Table table) {
        List<String> ops = new ArrayList<>();
        for (Snapshot s : table.snapshots()) {
            ops.add(s.operation());
        }
        return ops;
    }

    static Map<String, String> counts(Snapshot s, String... keys) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String k : keys) {
            m.put(k, s.summary().get(k));
        }
        return m;
    }

    static Set<String> dataFilesOf(Table table) throws IOException {
        Set<String> paths = new HashSet<>();
        for (ManifestFile manifest : table.currentSnapshot().dataManifests(table.io())) {
            try (ManifestReader<DataFile> reader = ManifestFiles.read(manifest, table.io())) {
                for (DataFile f : reader) {
                    paths.add(f.location());
                }
            }
        }
        return paths;
    }

    // --- 1. create and load ----------------------------------------------------------------------------

    @Test
    void aCreatedTableLoadsWithItsSchemaPropertiesAndIsAnExternalIcebergTableInHms() throws Exception {
        PartitionSpec spec = PartitionSpec.builderFor(SCHEMA).identity("region").build();
        Table created = catalog()
                .buildTable(id("orders"), SCHEMA)
                .withPartitionSpec(spec)
                .withProperties(Map.of("owner.team", "lake", "comment", "orders of the day"))
                .create();

        Table loaded = catalog().loadTable(id("orders"));
        assertThat(loaded.schema().asStruct()).isEqualTo(SCHEMA.asStruct());
        assertThat(loaded.schema().identifierFieldIds()).isEmpty();
        assertThat(loaded.spec().fields()).hasSize(1);
        assertThat(loaded.spec().fields().get(0).name()).isEqualTo("region");
        assertThat(loaded.spec().fields().get(0).transform().toString()).isEqualTo("identity");
        assertThat(loaded.properties())
                .isEqualTo(Map.of(
                        "owner.team",
                        "lake",
                        "comment",
                        "orders of the day",
                        "write.parquet.compression-codec",
                        "zstd"));
        assertThat(loaded.currentSnapshot()).isNull();
        assertThat(loaded.uuid()).isEqualTo(created.uuid());
        assertThat(loaded.location()).isEqualTo(target().warehouseUri() + "/" + db + ".db/orders");
        assertThat(metadataLocation(loaded)).isEqualTo(metadataLocation(created));
        assertThat(Files.exists(local(metadataLocation(loaded)))).isTrue();

        org.apache.hadoop.hive.metastore.api.Table hms = hmsTable("orders");
        assertThat(hms.getTableType()).isEqualTo("EXTERNAL_TABLE");
        assertThat(hms.getParameters())
                .containsEntry("table_type", "ICEBERG")
                .containsEntry("metadata_location", metadataLocation(loaded))
                .containsEntry("EXTERNAL", "TRUE")
                .containsEntry("uuid", loaded.uuid().toString())
                .containsEntry("owner.team", "lake")
                .doesNotContainKey("previous_metadata_location");
        assertThat(columns(hms)).isEqualTo(HMS_COLUMNS);
        assertThat(hms.getPartitionKeys()).isEmpty();
        assertThat(hms.getSd().getLocation()).isEqualTo(loaded.location());
        assertThat(catalog().listTables(Namespace.of(db))).containsExactly(id("orders"));

        // a file of partition region=eu: Iceberg's partitions are its own, the HMS table still has none
        DataFile eu = dataFile(loaded, "eu-1", 2, "region=eu");
        loaded.newAppend().appendFile(eu).commit();
        Table appended = catalog().loadTable(id("orders"));
        assertThat(appended.currentSnapshot().summary())
                .containsEntry("changed-partition-count", "1")
                .containsEntry("total-records", "2");
        assertThat(dataFilesOf(appended)).containsExactly(eu.location());
        assertThat(hmsTable("orders").getPartitionKeys()).isEmpty();
    }

    // --- 2. appends and an overwrite -------------------------------------------------------------------

    @Test
    void twoAppendsAndAnOverwriteAreThreeSnapshotsWithTheirSummaries() throws Exception {
        HiveCatalog catalog = catalog();
        Table table = catalog.createTable(id("events"), SCHEMA);
        DataFile a = dataFile(table, "a", 10, null);
        DataFile b = dataFile(table, "b", 20, null);
        DataFile c = dataFile(table, "c", 5, null);
        table.newAppend().appendFile(a).commit();
        table.newAppend().appendFile(b).commit();
        String beforeOverwrite = metadataLocation(table);
        table.newOverwrite().deleteFile(a).addFile(c).commit();

        Table loaded = catalog().loadTable(id("events"));
        assertThat(operations(loaded)).containsExactly("append", "append", "overwrite");
        List<Snapshot> snapshots = new ArrayList<>();
        loaded.snapshots().forEach(snapshots::add);
        String[] keys = SUMMARY_KEYS;
        assertThat(counts(snapshots.get(0), keys)).isEqualTo(expectedCounts("1", null, "10", null, "10", "1"));
        assertThat(counts(snapshots.get(1), keys)).isEqualTo(expectedCounts("1", null, "20", null, "30", "2"));
        assertThat(counts(snapshots.get(2), keys)).isEqualTo(expectedCounts("1", "1", "5", "10", "25", "2"));
        assertThat(snapshots.get(1).parentId()).isEqualTo(snapshots.get(0).snapshotId());
        assertThat(snapshots.get(2).parentId()).isEqualTo(snapshots.get(1).snapshotId());
        assertThat(loaded.currentSnapshot().snapshotId())
                .isEqualTo(snapshots.get(2).snapshotId());
        assertThat(dataFilesOf(loaded)).containsExactlyInAnyOrder(b.location(), c.location());

        org.apache.hadoop.hive.metastore.api.Table hms = hmsTable("events");
        assertThat(hms.getParameters())
                .containsEntry("metadata_location", metadataLocation(loaded))
                .containsEntry("previous_metadata_location", beforeOverwrite)
                .containsEntry("table_type", "ICEBERG");
        assertThat(metadataLocation(loaded)).isNotEqualTo(beforeOverwrite);
    }

    static final String[] SUMMARY_KEYS = {
        "added-data-files",
        "deleted-data-files",
        "added-records",
        "deleted-records",
        "total-records",
        "total-data-files"
    };

    /** The values of {@link #SUMMARY_KEYS}, in that order (null: not in the summary). */
    private static Map<String, String> expectedCounts(String... values) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < SUMMARY_KEYS.length; i++) {
            m.put(SUMMARY_KEYS[i], values[i]);
        }
        return m;
    }

    // --- 3. schema evolution ---------------------------------------------------------------------------

    @Test
    void anAddedAndARenamedColumnAreSeenAfterAReload() throws Exception {
        Table table = catalog().createTable(id("evolving"), SCHEMA);
        table.updateSchema()
                .addColumn("note", Types.StringType.get(), "free text")
                .commit();
        table.updateSchema().renameColumn("name", "full_name").commit();

        Table loaded = catalog().loadTable(id("evolving"));
        assertThat(loaded.schema().columns().stream()
                        .map(f -> f.fieldId() + ":" + f.name() + ":" + f.type())
                        .toList())
                .containsExactly(
                        "1:id:long",
                        "2:full_name:string",
                        "3:price:decimal(10, 2)",
                        "4:day:date",
                        "5:at:timestamp",
                        "6:ok:boolean",
                        "7:score:double",
                        "8:region:string",
                        "9:note:string");
        assertThat(loaded.schema().findField("note").doc()).isEqualTo("free text");
        assertThat(loaded.schemas()).hasSize(3);
        assertThat(loaded.schema().schemaId()).isEqualTo(2);

        List<String> expected = new ArrayList<>(HMS_COLUMNS);
        expected.set(1, "full_name:string");
        expected.add("note:string");
        assertThat(columns(hmsTable("evolving"))).isEqualTo(expected);
        assertThat(hmsTable("evolving").getParameters()).containsEntry("metadata_location", metadataLocation(loaded));
    }

    /**
     * HMS keeps the columns HiveCatalog writes, in the spellings of the client's Hive generation: a timestamp
     * with a zone is {@code timestamp} from a Hive 2 client (which cannot read {@code timestamp with local
     * time zone}) and {@code timestamp with local time zone} from Hive 3. Both targets give back what
     * HiveCatalog wrote, as Iceberg's own HiveSchemaUtil renders the schema in this JVM; and after a schema
     * change through HiveCatalog, what it wrote then.
     */
    @Test
    void theColumnsComeBackAsHiveCatalogWroteThemForThisClient() throws Exception {
        Schema zoned = new Schema(
                Types.NestedField.required(1, "id", Types.LongType.get()),
                Types.NestedField.optional(2, "at", Types.TimestampType.withZone(), "when it happened"));
        Table table = catalog().createTable(id("zoned"), zoned);
        assertThat(hmsTable("zoned").getSd().getCols()).isEqualTo(HiveSchemaUtil.convert(zoned));

        table.updateSchema().addColumn("seen", Types.TimestampType.withZone()).commit();
        Table loaded = catalog().loadTable(id("zoned"));
        assertThat(hmsTable("zoned").getSd().getCols()).isEqualTo(HiveSchemaUtil.convert(loaded.schema()));
    }

    // --- 4. rename, drop, register ---------------------------------------------------------------------

    @Test
    void aRenamedTableKeepsItsSnapshotsAndFilesUnderTheNewName() throws Exception {
        HiveCatalog catalog = catalog();
        Table table = catalog.createTable(id("before"), SCHEMA);
        DataFile a = append(table, "a", 3);
        long snapshot = table.currentSnapshot().snapshotId();

        catalog.renameTable(id("before"), id("after"));

        assertThat(catalog().tableExists(id("before"))).isFalse();
        Table renamed = catalog().loadTable(id("after"));
        assertThat(renamed.currentSnapshot().snapshotId()).isEqualTo(snapshot);
        assertThat(renamed.uuid()).isEqualTo(table.uuid());
        assertThat(renamed.location()).isEqualTo(table.location());
        assertThat(dataFilesOf(renamed)).containsExactly(a.location());
        assertThat(Files.exists(local(a.location()))).isTrue();
        assertThat(catalog().listTables(Namespace.of(db))).containsExactly(id("after"));
        assertThat(hmsTable("after").getParameters()).containsEntry("metadata_location", metadataLocation(renamed));

        append(renamed, "b", 4);
        assertThat(catalog().loadTable(id("after")).currentSnapshot().summary()).containsEntry("total-records", "7");
    }

    @Test
    void aTableDroppedWithoutPurgeKeepsItsFilesAndRegistersBackFromItsMetadataFile() throws Exception {
        HiveCatalog catalog = catalog();
        Table table = catalog.createTable(id("kept"), SCHEMA);
        DataFile a = append(table, "a", 3);
        append(table, "b", 4);
        String metadata = metadataLocation(table);

        assertThat(catalog.dropTable(id("kept"), false)).isTrue();
        assertThat(catalog().tableExists(id("kept"))).isFalse();
        assertThat(Files.exists(local(metadata))).isTrue();
        assertThat(Files.exists(local(a.location()))).isTrue();

        Table registered = catalog().registerTable(id("back"), metadata);
        assertThat(metadataLocation(registered)).isEqualTo(metadata);
        Table loaded = catalog().loadTable(id("back"));
        assertThat(loaded.uuid()).isEqualTo(table.uuid());
        assertThat(operations(loaded)).containsExactly("append", "append");
        assertThat(loaded.currentSnapshot().snapshotId())
                .isEqualTo(table.currentSnapshot().snapshotId());
        assertThat(loaded.currentSnapshot().summary()).containsEntry("total-records", "7");
        org.apache.hadoop.hive.metastore.api.Table hms = hmsTable("back");
        assertThat(hms.getTableType()).isEqualTo("EXTERNAL_TABLE");
        assertThat(hms.getParameters())
                .containsEntry("metadata_location", metadata)
                .containsEntry("table_type", "ICEBERG");

        append(loaded, "c", 5);
        Table again = catalog().loadTable(id("back"));
        assertThat(again.currentSnapshot().summary()).containsEntry("total-records", "12");
        assertThat(hmsTable("back").getParameters()).containsEntry("previous_metadata_location", metadata);
    }

    @Test
    void aTableDroppedWithPurgeLosesItsDataAndMetadataFiles() throws Exception {
        HiveCatalog catalog = catalog();
        Table table = catalog.createTable(id("purged"), SCHEMA);
        DataFile a = append(table, "a", 3);
        String metadata = metadataLocation(table);
        String manifestList = table.currentSnapshot().manifestListLocation();

        assertThat(catalog.dropTable(id("purged"), true)).isTrue();

        assertThat(catalog().tableExists(id("purged"))).isFalse();
        assertThat(Files.exists(local(a.location()))).isFalse();
        assertThat(Files.exists(local(metadata))).isFalse();
        assertThat(Files.exists(local(manifestList))).isFalse();
        assertThat(catalog().listTables(Namespace.of(db))).isEmpty();
    }

    // --- 5. both commit modes --------------------------------------------------------------------------

    @Test
    void commitsUnderHmsLocksRefuseAStaleBase() throws Exception {
        commitsAndAStaleCommit(catalog(), Map.of());
    }

    @Test
    void commitsWithoutLocksByCatalogConfigRefuseAStaleBase() throws Exception {
        commitsAndAStaleCommit(catalog(Map.of(LOCK_ENABLED_CONF, "false"), null), Map.of());
    }

    @Test
    void commitsWithoutLocksByTablePropertyRefuseAStaleBase() throws Exception {
        commitsAndAStaleCommit(catalog(), Map.of(LOCK_ENABLED_PROPERTY, "false"));
    }

    private void commitsAndAStaleCommit(HiveCatalog catalog, Map<String, String> properties) throws Exception {
        Table table = catalog.createTable(id("modes"), SCHEMA, PartitionSpec.unpartitioned(), properties);
        for (int i = 0; i < 3; i++) {
            append(table, "f" + i, i + 1);
        }
        // a second writer that read the table before the last append commits from that stale base
        TableOperations stale = ((HasTableOperations) catalog.loadTable(id("modes"))).operations();
        TableMetadata staleBase = stale.current();
        String previous = metadataLocation(table);
        append(table, "f3", 4);
        TableMetadata changed = TableMetadata.buildFrom(staleBase)
                .setProperties(Map.of("stale", "yes"))
                .build();
        assertThatThrownBy(() -> stale.commit(staleBase, changed))
                .isInstanceOf(CommitFailedException.class)
                .hasMessageContaining("Cannot commit");

        Table loaded = catalog().loadTable(id("modes"));
        assertThat(operations(loaded)).containsExactly("append", "append", "append", "append");
        assertThat(loaded.currentSnapshot().summary())
                .containsEntry("total-records", "10")
                .containsEntry("total-data-files", "4");
        assertThat(loaded.properties()).doesNotContainKey("stale");
        Map<String, String> hms = hmsTable("modes").getParameters();
        assertThat(hms)
                .containsEntry("metadata_location", metadataLocation(loaded))
                .containsEntry("previous_metadata_location", previous)
                .doesNotContainKey("stale");
        properties.forEach((k, v) -> assertThat(loaded.properties()).containsEntry(k, v));
    }

    // --- 6. eight writers at once ----------------------------------------------------------------------

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void eightWritersUnderHmsLocksCommitEveryAppend() throws Exception {
        eightWriters(Map.of(), "hms-locks");
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void eightWritersWithoutLocksCommitEveryAppend() throws Exception {
        referenceCannot(
                !onLakegate() && !Targets.referenceServerVersion().startsWith("4."),
                "HMS "
                        + Targets.referenceServerVersion()
                        + " ignores expected_parameter_key/value in alter_table (the "
                        + "compare-and-swap of HIVE-26882 is not in it), so concurrent lock-free commits "
                        + "overwrite each other there");
        eightWriters(Map.of(LOCK_ENABLED_CONF, "false"), "no-lock");
    }

    private void eightWriters(Map<String, String> conf, String mode) throws Exception {
        String tableName = "hot_" + mode.replace('-', '_');
        catalog(conf, null).createTable(id(tableName), SCHEMA, PartitionSpec.unpartitioned(), retrying());
        List<HiveCatalog> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            writers.add(catalog(conf, db + "-" + mode + "-writer-" + w));
        }
        double rate = ConcurrentAppends.run(writers, id(tableName), APPENDS_PER_WRITER, catalog())
                .commitsPerSecond();
        System.out.printf(
                Locale.ROOT,
                "[iceberg] %s client %s, %s: %d appends by %d writers = %.1f commits/s%n",
                target().name(),
                Targets.clientVersion(),
                mode,
                WRITERS * APPENDS_PER_WRITER,
                WRITERS,
                rate);
        assertThat(hmsTable(tableName).getParameters())
                .containsEntry("metadata_location", metadataLocation(catalog().loadTable(id(tableName))));
    }
}
