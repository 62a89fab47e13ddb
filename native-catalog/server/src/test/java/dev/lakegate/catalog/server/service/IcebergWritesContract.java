package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.PartitionField;
import dev.lakegate.catalog.server.model.PartitionSpec;
import dev.lakegate.catalog.server.model.PrimitiveKind;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.server.model.SnapshotRef;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/**
 * Iceberg tables made and changed through the catalog's own API: the catalog writes their metadata
 * files with Iceberg's library (the first on create, the next on each commit that changes what the
 * file holds) and records what the file says; the Hive door (Hive Metastore semantics) writes none.
 */
public interface IcebergWritesContract extends CatalogContract {

    /** Where table files are written. */
    ScratchFiles scratch();

    Schema EVENTS = Schema.of(
            0,
            List.of(
                    new Field(0, "id", new DataType.Primitive(PrimitiveKind.INT64), true, ""),
                    new Field(0, "kind", new DataType.Primitive(PrimitiveKind.STRING), false, "what happened"),
                    new Field(0, "at", new DataType.Primitive(PrimitiveKind.TIMESTAMP_TZ), false, "")));

    private String newFolder(String name) {
        return scratch().newFolder(name);
    }

    private Table.Builder icebergTable(String namespace, String name) {
        return Table.builder(UUID.randomUUID(), TableIdentifier.inDefaultCatalog(namespace, name), TableFormat.ICEBERG)
                .schemas(List.of(EVENTS))
                .currentSchemaId(0)
                .partitionSpecs(
                        List.of(new PartitionSpec(0, List.of(new PartitionField(1, 0, "id_bucket", "bucket[4]")))))
                .defaultSpecId(0)
                .properties(Map.of("write.format.default", "parquet", "team", "lake"));
    }

    private TableMetadata readBack(String location) {
        return TableMetadataParser.read(scratch().io(), location);
    }

    private List<String> metadataFiles(Table table) {
        String file = table.metadataLocation();
        return scratch().list(file.substring(0, file.lastIndexOf('/')));
    }

    private Table commit(Table table, TableUpdate... updates) {
        return catalog().commitTable(new TableCommit(table.identifier(), List.of(), List.of(updates)), context());
    }

    @Test
    default void anIcebergTableCreatedWithoutAMetadataFileGetsItsFirstFromTheCatalog() {
        String location = newFolder("created");
        Table created = catalog()
                .createTable(
                        icebergTable(newNamespace(), "events")
                                .location(location)
                                .build(),
                        context());

        assertThat(created.metadataLocation())
                .startsWith(location + "/metadata/00000-")
                .endsWith(".metadata.json");
        TableMetadata file = readBack(created.metadataLocation());
        assertThat(file.location()).isEqualTo(location);
        assertThat(file.schema().columns()).extracting(Types.NestedField::name).containsExactly("id", "kind", "at");
        assertThat(file.schema().findField("kind").doc()).isEqualTo("what happened");
        assertThat(file.spec().fields())
                .singleElement()
                .satisfies(field -> assertThat(field.transform().toString()).isEqualTo("bucket[4]"));
        assertThat(file.properties())
                .containsEntry("write.format.default", "parquet")
                .containsEntry("team", "lake");
        assertThat(file.snapshots()).isEmpty();

        Table full = catalog().getTable(created.identifier(), TableView.FULL);
        assertThat(full.schemas())
                .singleElement()
                .satisfies(schema ->
                        assertThat(schema.fields()).extracting(Field::id).containsExactly(1, 2, 3));
        assertThat(full.partitionSpecs())
                .singleElement()
                .satisfies(spec -> assertThat(spec.fields())
                        .containsExactly(new PartitionField(1, 1000, "id_bucket", "bucket[4]")));
        assertThat(full.properties()).containsEntry("team", "lake");
    }

    @Test
    default void withoutALocationTheTableGoesUnderItsNamespacesLocation() {
        String namespaceLocation = newFolder("warehouse");
        String namespace = CatalogFixtures.unique("ns");
        catalog().createNamespace(Namespace.of(namespace).withLocation(namespaceLocation), context());
        Table created = catalog().createTable(icebergTable(namespace, "events").build(), context());
        assertThat(created.location()).isEqualTo(namespaceLocation + "/events");
        assertThat(created.metadataLocation()).startsWith(namespaceLocation + "/events/metadata/00000-");

        String bare = newNamespace();
        assertCatalogError(
                        ErrorCode.INVALID_ARGUMENT,
                        () -> catalog().createTable(icebergTable(bare, "events").build(), context()))
                .hasMessageContaining("needs a location");
        assertThat(catalog()
                        .listTables(bare, "", new PageRequest(10, ""), TableView.BASIC)
                        .items())
                .isEmpty();
    }

    @Test
    default void theHiveDoorCreatesAndChangesIcebergTablesWithoutWritingMetadataFiles() {
        String location = newFolder("hive");
        RequestContext hive = context().withHiveSemantics(true);
        Table created = catalog()
                .createTable(
                        icebergTable(newNamespace(), "events")
                                .location(location)
                                .build(),
                        hive);
        assertThat(created.metadataLocation()).isEmpty();
        assertThat(scratch().exists(location)).isFalse();

        Table onFile = catalog()
                .createTable(
                        icebergTable(newNamespace(), "events")
                                .location(newFolder("lake"))
                                .build(),
                        context());
        Table changed = catalog()
                .commitTable(
                        new TableCommit(
                                onFile.identifier(),
                                List.of(),
                                List.of(new TableUpdate.SetProperties(Map.of("team", "hive")))),
                        hive);
        assertThat(changed.metadataLocation()).isEqualTo(onFile.metadataLocation());
        assertThat(changed.properties()).containsEntry("team", "hive");
        assertThat(metadataFiles(changed)).hasSize(1);
    }

    @Test
    default void propertiesAndSchemaChangesAreWrittenToTheNextMetadataFile() {
        Table table = catalog()
                .createTable(
                        icebergTable(newNamespace(), "events")
                                .location(newFolder("evolve"))
                                .build(),
                        context());
        Table withProperty = commit(
                table,
                new TableUpdate.SetProperties(Map.of("commit.retry.num-retries", "8")),
                new TableUpdate.RemoveProperties(List.of("team")));
        assertThat(withProperty.metadataLocation()).contains("/metadata/00001-");
        assertThat(withProperty.properties())
                .containsEntry("commit.retry.num-retries", "8")
                .doesNotContainKey("team")
                .containsEntry("previous_metadata_location", table.metadataLocation());
        TableMetadata first = readBack(withProperty.metadataLocation());
        assertThat(first.properties())
                .containsEntry("commit.retry.num-retries", "8")
                .doesNotContainKey("team")
                .doesNotContainKey("previous_metadata_location");
        assertThat(first.previousFiles())
                .extracting(TableMetadata.MetadataLogEntry::file)
                .containsExactly(table.metadataLocation());

        Schema current =
                catalog().getTable(table.identifier(), TableView.FULL).schemas().get(0);
        List<Field> widened = new ArrayList<>(current.fields());
        widened.add(new Field(0, "source", new DataType.Primitive(PrimitiveKind.STRING), false, ""));
        Table evolved = commit(
                withProperty,
                new TableUpdate.AddSchema(Schema.of(0, widened)),
                new TableUpdate.SetCurrentSchema(TableUpdate.LAST_ADDED));
        TableMetadata second = readBack(evolved.metadataLocation());
        assertThat(second.currentSchemaId()).isEqualTo(1);
        assertThat(second.schema().findField("source").fieldId()).isEqualTo(4);
        assertThat(second.lastColumnId()).isEqualTo(4);
        assertThat(evolved.currentSchemaId()).isEqualTo(1);
        assertThat(evolved.schemas()).hasSize(2);
        assertThat(evolved.schemas().get(1).fields())
                .extracting(Field::name)
                .containsExactly("id", "kind", "at", "source");

        // A rename or an owner is the catalog's alone: no new file.
        Table renamed =
                commit(evolved, new TableUpdate.Rename(TableIdentifier.inDefaultCatalog(table.namespace(), "events2")));
        assertThat(renamed.metadataLocation()).isEqualTo(evolved.metadataLocation());
    }

    @Test
    default void changesIcebergRefusesLeaveNoFileAndChangeNothing() {
        Table table = catalog()
                .createTable(
                        icebergTable(newNamespace(), "events")
                                .location(newFolder("refused"))
                                .build(),
                        context());
        List<Field> withTinyint = new ArrayList<>(catalog()
                .getTable(table.identifier(), TableView.FULL)
                .schemas()
                .get(0)
                .fields());
        withTinyint.add(new Field(0, "tiny", new DataType.Primitive(PrimitiveKind.INT8), false, ""));
        assertCatalogError(
                        ErrorCode.INVALID_ARGUMENT,
                        () -> commit(
                                table,
                                new TableUpdate.AddSchema(Schema.of(0, withTinyint)),
                                new TableUpdate.SetCurrentSchema(-1)))
                .hasMessageContaining("no Iceberg equivalent");
        assertCatalogError(
                        ErrorCode.INVALID_ARGUMENT,
                        () -> commit(
                                table,
                                new TableUpdate.AddPartitionSpec(
                                        new PartitionSpec(0, List.of(new PartitionField(2, 0, "kind", "identity"))))))
                .hasMessageContaining("partition spec");
        assertCatalogError(
                ErrorCode.SNAPSHOT_NOT_FOUND, () -> commit(table, new TableUpdate.SetRef(SnapshotRef.tag("v1", 42))));
        Table after = catalog().getTable(table.identifier(), TableView.BASIC);
        assertThat(after.version()).isEqualTo(table.version());
        assertThat(after.metadataLocation()).isEqualTo(table.metadataLocation());
        assertThat(metadataFiles(after)).hasSize(1);
    }

    @Test
    default void aTransactionThatFailsRemovesTheFilesItWrote() {
        String namespace = newNamespace();
        Table a = catalog()
                .createTable(
                        icebergTable(namespace, "a").location(newFolder("a")).build(), context());
        Table b = catalog()
                .createTable(
                        icebergTable(namespace, "b").location(newFolder("b")).build(), context());
        // a is locked and written first (name order); b's requirement then fails.
        assertCatalogError(
                ErrorCode.REQUIREMENT_FAILED,
                () -> catalog()
                        .commitTransaction(
                                List.of(
                                        new TableCommit(
                                                a.identifier(),
                                                List.of(),
                                                List.of(new TableUpdate.SetProperties(Map.of("k", "v")))),
                                        new TableCommit(
                                                b.identifier(),
                                                List.of(new TableRequirement.AssertVersion(b.version() + 5)),
                                                List.of(new TableUpdate.SetProperties(Map.of("k", "v"))))),
                                context()));
        assertThat(metadataFiles(a)).hasSize(1);
        assertThat(catalog().getTable(a.identifier(), TableView.BASIC).metadataLocation())
                .isEqualTo(a.metadataLocation());
        assertThat(Optional.of(
                        catalog().getTable(a.identifier(), TableView.BASIC).properties()))
                .hasValueSatisfying(properties -> assertThat(properties).doesNotContainKey("k"));
    }
}
