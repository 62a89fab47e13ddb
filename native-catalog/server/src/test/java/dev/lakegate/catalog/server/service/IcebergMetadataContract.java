package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.PrimitiveKind;
import dev.lakegate.catalog.server.model.RefType;
import dev.lakegate.catalog.server.model.Snapshot;
import dev.lakegate.catalog.server.model.SnapshotRef;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/**
 * Iceberg tables whose metadata files an engine writes (HiveCatalog through the facade, or a migration):
 * the catalog reads each file it is pointed at, with Iceberg's parser, and records its schemas, specs,
 * snapshots and refs in the commit that moves the pointer; a file that is missing or is not Iceberg
 * metadata is refused and changes nothing.
 */
public interface IcebergMetadataContract extends CatalogContract {

    /** Where table files are written. */
    ScratchFiles scratch();

    Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "data", Types.StringType.get(), "the payload"),
            Types.NestedField.optional(3, "at", Types.TimestampType.withZone()));

    private IcebergFiles newFiles(String name) {
        PartitionSpec spec = PartitionSpec.builderFor(SCHEMA).bucket("id", 8).build();
        return IcebergFiles.create(scratch().newFolder(name), scratch().io(), SCHEMA, spec);
    }

    private Table createOver(IcebergFiles files, String name) {
        String namespace = newNamespace();
        Table requested = Table.builder(
                        UUID.randomUUID(), TableIdentifier.inDefaultCatalog(namespace, name), TableFormat.ICEBERG)
                .location(files.current().location())
                .metadataLocation(files.metadataFile())
                .build();
        return catalog().createTable(requested, context());
    }

    private Table pointTo(Table table, String from, String to) {
        return catalog()
                .commitTable(
                        new TableCommit(
                                table.identifier(),
                                List.of(new TableRequirement.AssertMetadataLocation(from)),
                                List.of(new TableUpdate.SetMetadataLocation(to))),
                        context());
    }

    @Test
    default void aTableCreatedOverAMetadataFileTakesItsSchemaAndSpec() {
        IcebergFiles files = newFiles("created");
        Table table = createOver(files, "created");
        Table full = catalog().getTable(table.identifier(), TableView.FULL);
        assertThat(full.schemas()).hasSize(1);
        assertThat(full.schemas().get(0).fields())
                .containsExactly(
                        new Field(1, "id", new DataType.Primitive(PrimitiveKind.INT64), true, ""),
                        new Field(2, "data", new DataType.Primitive(PrimitiveKind.STRING), false, "the payload"),
                        new Field(3, "at", new DataType.Primitive(PrimitiveKind.TIMESTAMP_TZ), false, ""));
        assertThat(full.partitionSpecs()).hasSize(1);
        assertThat(full.partitionSpecs().get(0).fields()).singleElement().satisfies(field -> {
            assertThat(field.sourceId()).isEqualTo(1);
            assertThat(field.fieldId()).isEqualTo(1000);
            assertThat(field.transform()).isEqualTo("bucket[8]");
        });
        assertThat(full.snapshots()).isEmpty();
        assertThat(full.currentSnapshotId()).isEmpty();
        assertThat(full.metadataLocation()).isEqualTo(files.metadataFile());
    }

    @Test
    default void movingThePointerRecordsTheSnapshotsRefsAndSchemasOfTheNewFile() {
        IcebergFiles files = newFiles("appended");
        Table table = createOver(files, "appended");
        String first = files.metadataFile();
        org.apache.iceberg.Table iceberg = files.table();
        iceberg.newAppend().appendFile(files.dataFile("a", 5)).commit();
        iceberg.newAppend().appendFile(files.dataFile("b", 7)).commit();
        long second = iceberg.currentSnapshot().snapshotId();
        long firstSnapshot = iceberg.currentSnapshot().parentId();
        iceberg.updateSchema().addColumn("extra", Types.IntegerType.get()).commit();
        iceberg.manageSnapshots().createTag("v1", firstSnapshot).commit();

        Table moved = pointTo(table, first, files.metadataFile());
        assertThat(moved.version()).isEqualTo(table.version() + 1);
        assertThat(moved.currentSnapshotId()).contains(second);
        assertThat(moved.refs())
                .containsExactly(
                        SnapshotRef.branch("main", second),
                        new SnapshotRef(
                                "v1",
                                RefType.TAG,
                                firstSnapshot,
                                Optional.empty(),
                                Optional.empty(),
                                Optional.empty()));
        assertThat(moved.schemas()).hasSize(2);
        assertThat(moved.currentSchemaId()).isEqualTo(1);
        assertThat(moved.schemas().get(1).fields())
                .extracting(Field::name)
                .containsExactly("id", "data", "at", "extra");

        List<Snapshot> snapshots =
                catalog().getTable(table.identifier(), TableView.FULL).snapshots();
        assertThat(snapshots).extracting(Snapshot::snapshotId).containsExactly(firstSnapshot, second);
        Snapshot last = snapshots.get(1);
        assertThat(last.parentSnapshotId()).contains(firstSnapshot);
        assertThat(last.operation()).isEqualTo("append");
        assertThat(last.summary())
                .containsEntry("added-records", "7")
                .containsEntry("total-records", "12")
                .containsEntry("added-data-files", "1")
                .containsEntry("total-data-files", "2");
        assertThat(last.manifestList()).isEqualTo(iceberg.currentSnapshot().manifestListLocation());
        assertThat(last.sequenceNumber()).isEqualTo(2);
    }

    @Test
    default void aMissingMetadataFileIsRefusedAndChangesNothing() {
        IcebergFiles files = newFiles("missing");
        Table table = createOver(files, "missing");
        String nowhere = files.metadataFileLocation("00099-nowhere.metadata.json");
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> pointTo(table, files.metadataFile(), nowhere))
                .hasMessageContaining(nowhere)
                .hasMessageContaining("does not exist");
        Table after = catalog().getTable(table.identifier(), TableView.BASIC);
        assertThat(after.version()).isEqualTo(table.version());
        assertThat(after.metadataLocation()).isEqualTo(files.metadataFile());

        String namespace = newNamespace();
        assertCatalogError(
                        ErrorCode.INVALID_ARGUMENT,
                        () -> catalog()
                                .createTable(
                                        Table.builder(
                                                        UUID.randomUUID(),
                                                        TableIdentifier.inDefaultCatalog(namespace, "never"),
                                                        TableFormat.ICEBERG)
                                                .location(files.current().location())
                                                .metadataLocation(nowhere)
                                                .build(),
                                        context()))
                .hasMessageContaining("does not exist");
        assertThat(catalog()
                        .listTables(namespace, "", new PageRequest(10, ""), TableView.BASIC)
                        .items())
                .isEmpty();
    }

    @Test
    default void aCopyFromAnotherMetastoreKeepsThePointerOfAFileThatCannotBeRead() {
        String location = scratch().newFolder("copied");
        String gone = location + "/metadata/00003-gone.metadata.json";
        Table created = catalog()
                .createTable(
                        Table.builder(
                                        UUID.randomUUID(),
                                        TableIdentifier.inDefaultCatalog(newNamespace(), "copied"),
                                        TableFormat.ICEBERG)
                                .location(location)
                                .metadataLocation(gone)
                                .build(),
                        context().withHiveSemantics(true).withUnreadableMetadataKept(true));
        Table full = catalog().getTable(created.identifier(), TableView.FULL);
        assertThat(full.metadataLocation()).isEqualTo(gone);
        assertThat(full.snapshots()).isEmpty();
        assertThat(full.refs()).isEmpty();
    }

    @Test
    default void aFileThatIsNotIcebergMetadataIsRefused() {
        IcebergFiles files = newFiles("garbage");
        Table table = createOver(files, "garbage");
        String location = scratch().newFolder("garbage") + "/" + UUID.randomUUID() + ".metadata.json";
        scratch().write(location, "{\"not\": \"iceberg\"}");
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> pointTo(table, files.metadataFile(), location))
                .hasMessageContaining("is not Iceberg table metadata");
        assertThat(catalog().getTable(table.identifier(), TableView.BASIC).version())
                .isEqualTo(table.version());
    }

    private Table refCommit(Table table, List<TableRequirement> requirements, TableUpdate... updates) {
        return catalog().commitTable(new TableCommit(table.identifier(), requirements, List.of(updates)), context());
    }

    private org.apache.iceberg.TableMetadata readBack(String location) {
        return org.apache.iceberg.TableMetadataParser.read(scratch().io(), location);
    }

    @Test
    default void branchesTagsAndRollbacksMadeThroughTheCatalogAreWrittenToANewMetadataFile() {
        IcebergFiles files = newFiles("refs");
        org.apache.iceberg.Table iceberg = files.table();
        iceberg.newAppend().appendFile(files.dataFile("a", 5)).commit();
        long first = iceberg.currentSnapshot().snapshotId();
        iceberg.newAppend().appendFile(files.dataFile("b", 7)).commit();
        long second = iceberg.currentSnapshot().snapshotId();
        Table table = createOver(files, "refs");
        String before = table.metadataLocation();

        // A tag and a branch, each only if absent.
        Table tagged = refCommit(
                table,
                List.of(
                        new TableRequirement.AssertRefSnapshot("v1", Optional.empty()),
                        new TableRequirement.AssertRefSnapshot("audit", Optional.empty())),
                new TableUpdate.SetRef(SnapshotRef.tag("v1", first)),
                new TableUpdate.SetRef(SnapshotRef.branch("audit", first)));
        assertThat(tagged.metadataLocation())
                .isNotEqualTo(before)
                .contains("/metadata/00004-")
                .endsWith(".metadata.json"); // after 3
        assertThat(tagged.properties()).containsEntry("previous_metadata_location", before);
        org.apache.iceberg.TableMetadata written = readBack(tagged.metadataLocation());
        assertThat(written.ref("v1").isTag()).isTrue();
        assertThat(written.ref("v1").snapshotId()).isEqualTo(first);
        assertThat(written.ref("audit").isBranch()).isTrue();
        assertThat(written.currentSnapshot().snapshotId()).isEqualTo(second);
        assertThat(written.previousFiles())
                .extracting(org.apache.iceberg.TableMetadata.MetadataLogEntry::file)
                .last()
                .isEqualTo(before);
        assertThat(tagged.refs()).extracting(SnapshotRef::name).containsExactly("audit", "main", "v1");

        // A branch that exists already: the requirement fails, nothing is written.
        assertCatalogError(
                ErrorCode.REQUIREMENT_FAILED,
                () -> refCommit(
                        tagged,
                        List.of(new TableRequirement.AssertRefSnapshot("audit", Optional.empty())),
                        new TableUpdate.SetRef(SnapshotRef.branch("audit", second))));
        // A ref to a snapshot the table does not have: refused, nothing written.
        assertCatalogError(
                ErrorCode.SNAPSHOT_NOT_FOUND,
                () -> refCommit(tagged, List.of(), new TableUpdate.SetRef(SnapshotRef.tag("bad", 42))));
        assertThat(catalog().getTable(table.identifier(), TableView.BASIC).metadataLocation())
                .isEqualTo(tagged.metadataLocation());

        // Roll main back to the first snapshot, then drop the branch.
        Table rolledBack = refCommit(
                tagged,
                List.of(new TableRequirement.AssertRefSnapshot("main", Optional.of(second))),
                new TableUpdate.SetRef(SnapshotRef.branch("main", first)));
        assertThat(rolledBack.currentSnapshotId()).contains(first);
        assertThat(readBack(rolledBack.metadataLocation()).currentSnapshot().snapshotId())
                .isEqualTo(first);
        Table dropped = refCommit(rolledBack, List.of(), new TableUpdate.RemoveRef("audit"));
        assertThat(readBack(dropped.metadataLocation()).refs()).containsOnlyKeys("main", "v1");
        assertThat(dropped.refs()).extracting(SnapshotRef::name).containsExactly("main", "v1");
        assertThat(catalog().getTable(table.identifier(), TableView.FULL).snapshots())
                .hasSize(2);
    }
}
