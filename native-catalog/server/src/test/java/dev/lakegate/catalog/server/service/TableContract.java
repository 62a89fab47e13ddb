package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.PartitionField;
import dev.lakegate.catalog.server.model.PartitionSpec;
import dev.lakegate.catalog.server.model.PrimitiveKind;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

public interface TableContract extends CatalogContract {

    @Test
    default void createdTableReadsBackWithEveryField() {
        String namespace = newNamespace();
        Table requested = CatalogFixtures.hiveTable(namespace, "Orders");
        Table created = catalog().createTable(requested, context());

        Table read = catalog()
                .getTable(TableIdentifier.inDefaultCatalog(namespace.toUpperCase(), "ORDERS"), TableView.BASIC);
        assertThat(read).isEqualTo(created);
        assertThat(read.identifier()).isEqualTo(TableIdentifier.inDefaultCatalog(namespace, "orders"));
        assertThat(read.id()).isNotEqualTo(requested.id());
        assertThat(read.version()).isZero();
        assertThat(read.createTime()).isEqualTo(clock().instant());
        Table expected = requested.toBuilder()
                .id(read.id())
                .identifier(read.identifier())
                .createTime(read.createTime())
                .updateTime(read.updateTime())
                .build();
        assertThat(read).isEqualTo(expected);
        assertThat(read.partitionKeys()).extracting(key -> key.name()).containsExactly("ds", "hr");
    }

    @Test
    default void icebergTableKeepsTransformsAndIdentifierFields() {
        String namespace = newNamespace();
        Table created = catalog().createTable(CatalogFixtures.icebergTable(namespace, "events"), context());
        assertThat(created.defaultSpec().orElseThrow().fields())
                .extracting(PartitionField::transform)
                .containsExactly("day", "bucket[16]");
        assertThat(created.currentSchema().orElseThrow().identifierFieldIds()).containsExactly(1);
        assertThat(created.metadataLocation()).endsWith("00000.metadata.json");
        assertThat(created.hive()).isEmpty();
    }

    @Test
    default void fieldIdsAreAssignedWhenLeftZero() {
        String namespace = newNamespace();
        Table requested = CatalogFixtures.unpartitionedHiveTable(namespace, "t").toBuilder()
                .schemas(List.of(Schema.of(
                        0,
                        List.of(
                                Field.optional(0, "a", DataType.primitive(PrimitiveKind.STRING)),
                                Field.optional(
                                        0,
                                        "s",
                                        new DataType.Struct(List.of(
                                                Field.optional(0, "x", DataType.primitive(PrimitiveKind.INT32)))))))))
                .build();
        Table created = catalog().createTable(requested, context());
        List<Field> fields = created.currentSchema().orElseThrow().fields();
        assertThat(fields).extracting(Field::id).containsExactly(1, 2);
        assertThat(((DataType.Struct) fields.get(1).type()).fields().get(0).id())
                .isEqualTo(3);
    }

    @Test
    default void createRefusesBadTablesAndLeavesNothing() {
        String namespace = newNamespace();
        Table good = CatalogFixtures.hiveTable(namespace, "bad");
        List<Table> bad = List.of(
                good.toBuilder()
                        .schemas(List.of(Schema.of(0, List.of(Field.optional(1, "d", new DataType.Decimal(40, 2))))))
                        .partitionSpecs(List.of())
                        .build(),
                good.toBuilder()
                        .partitionSpecs(List.of(
                                new PartitionSpec(0, List.of(new PartitionField(99, 1000, "nope", "identity")))))
                        .build(),
                good.toBuilder()
                        .partitionSpecs(
                                List.of(new PartitionSpec(0, List.of(new PartitionField(20, 1000, "ds", "bucket[4]")))))
                        .build(),
                good.toBuilder()
                        .partitionSpecs(
                                List.of(new PartitionSpec(0, List.of(new PartitionField(20, 1000, "ds", "squash")))))
                        .build(),
                good.toBuilder().currentSchemaId(7).build(),
                good.toBuilder()
                        .schemas(List.of(Schema.of(
                                0,
                                List.of(
                                        Field.optional(1, "a", DataType.primitive(PrimitiveKind.STRING)),
                                        Field.optional(2, "A", DataType.primitive(PrimitiveKind.STRING))))))
                        .partitionSpecs(List.of())
                        .build());
        for (Table table : bad) {
            assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> catalog().createTable(table, context()));
        }
        assertCatalogError(
                ErrorCode.TABLE_NOT_FOUND,
                () -> catalog().getTable(TableIdentifier.inDefaultCatalog(namespace, "bad"), TableView.BASIC));
        assertCatalogError(
                        ErrorCode.INVALID_ARGUMENT,
                        () -> catalog().createTable(CatalogFixtures.hiveTable(namespace, "no/slash"), context()))
                .hasMessageContaining("table name");
        assertCatalogError(
                ErrorCode.NAMESPACE_NOT_FOUND,
                () -> catalog().createTable(CatalogFixtures.hiveTable("missing_namespace", "t"), context()));
    }

    @Test
    default void duplicateTableIsRefused() {
        String namespace = newNamespace();
        Table first = catalog().createTable(CatalogFixtures.hiveTable(namespace, "dup"), context());
        assertCatalogError(
                        ErrorCode.TABLE_ALREADY_EXISTS,
                        () -> catalog().createTable(CatalogFixtures.icebergTable(namespace, "DUP"), context()))
                .hasMessageContaining(namespace + ".dup");
        assertThat(catalog().getTable(first.identifier(), TableView.BASIC)).isEqualTo(first);
    }

    @Test
    default void tablesListInPagesAndBatchGetKeepsRequestOrder() {
        String namespace = newNamespace();
        for (String name : List.of("e", "c", "a", "d", "b")) {
            catalog().createTable(CatalogFixtures.unpartitionedHiveTable(namespace, name), context());
        }
        List<String> names = new ArrayList<>();
        String token = "";
        do {
            Page<Table> page = catalog().listTables(namespace, "", new PageRequest(2, token), TableView.NAME_ONLY);
            page.items().forEach(table -> {
                assertThat(table.schemas()).isEmpty();
                assertThat(table.hive()).isPresent();
                names.add(table.name());
            });
            token = page.nextPageToken();
        } while (!token.isEmpty());
        assertThat(names).containsExactly("a", "b", "c", "d", "e");

        List<Table> batch = catalog().batchGetTables(namespace, List.of("d", "missing", "A"), TableView.BASIC);
        assertThat(batch).extracting(Table::name).containsExactly("d", "a");
        assertThat(batch.get(0).schemas()).isNotEmpty();
        assertCatalogError(
                ErrorCode.NAMESPACE_NOT_FOUND,
                () -> catalog().listTables("missing_namespace", "", PageRequest.first(10), TableView.BASIC));
    }

    @Test
    default void tablesListByNamePrefixInPages() {
        String namespace = newNamespace();
        // Neighbours on both sides of each prefix's range, '_' (a wildcard in SQL's LIKE) and a name
        // past the last code point a prefix ends with.
        List<String> all = List.of(
                "s",
                "sa",
                "sa_1",
                "sa_2",
                "sa_3",
                "sab",
                "sax",
                "sb",
                "t",
                "sa\u00e9",
                "sa\u00ea",
                "\u00e9t\u00e9",
                "\u00e9tz",
                "\ud835\udc9c1",
                "\ud835\udc9c2",
                "\ud835\udc9e");
        for (String name : all) {
            catalog().createTable(CatalogFixtures.unpartitionedHiveTable(namespace, name), context());
        }
        assertThat(listedNames(namespace, "sa_", 2)).containsExactly("sa_1", "sa_2", "sa_3");
        assertThat(listedNames(namespace, "SA", 2))
                .containsExactly("sa", "sa_1", "sa_2", "sa_3", "sab", "sax", "sa\u00e9", "sa\u00ea");
        assertThat(listedNames(namespace, "sa\u00e9", 10)).containsExactly("sa\u00e9");
        assertThat(listedNames(namespace, "\u00c9T", 10)).containsExactly("\u00e9tz", "\u00e9t\u00e9");
        assertThat(listedNames(namespace, "\ud835\udc9c", 1)).containsExactly("\ud835\udc9c1", "\ud835\udc9c2");
        assertThat(listedNames(namespace, "", 5)).containsExactlyInAnyOrderElementsOf(all);
        assertThat(listedNames(namespace, "u", 10)).isEmpty();
        // No valid name starts with these: nothing, not an error.
        assertThat(listedNames(namespace, "s%", 10)).isEmpty();
        assertThat(listedNames(namespace, "-s", 10)).isEmpty();
        assertThat(listedNames(namespace, "s".repeat(300), 10)).isEmpty();
        assertCatalogError(
                ErrorCode.NAMESPACE_NOT_FOUND,
                () -> catalog().listTables("missing_namespace", "s%", PageRequest.first(10), TableView.NAME_ONLY));
    }

    private List<String> listedNames(String namespace, String prefix, int pageSize) {
        List<String> names = new ArrayList<>();
        String token = "";
        do {
            Page<Table> page =
                    catalog().listTables(namespace, prefix, new PageRequest(pageSize, token), TableView.NAME_ONLY);
            assertThat(page.items().size()).isLessThanOrEqualTo(pageSize);
            page.items().forEach(table -> names.add(table.name()));
            token = page.nextPageToken();
        } while (!token.isEmpty());
        return names;
    }

    @Test
    default void commitAppliesUpdatesAsOneNewVersionWithAnEvent() {
        String namespace = newNamespace();
        Table table = catalog().createTable(CatalogFixtures.hiveTable(namespace, "t"), context());
        long lastEvent = catalog().listEvents(EventQuery.after(0, 1)).lastEventId();

        Table committed = catalog()
                .commitTable(
                        new TableCommit(
                                table.identifier(),
                                List.of(new TableRequirement.AssertVersion(0)),
                                List.of(
                                        new TableUpdate.SetProperties(Map.of("a", "1", "numRows", "5")),
                                        new TableUpdate.RemoveProperties(List.of("comment")),
                                        new TableUpdate.SetLocation("file:/moved"))),
                        context());

        assertThat(committed.version()).isEqualTo(1);
        assertThat(committed.properties()).isEqualTo(Map.of("a", "1", "numRows", "5"));
        assertThat(committed.location()).isEqualTo("file:/moved");
        assertThat(catalog().getTable(table.identifier(), TableView.BASIC)).isEqualTo(committed);

        var events = catalog()
                .listEvents(new EventQuery(lastEvent, 100, Set.of(), namespace, "t"))
                .events();
        assertThat(events).hasSize(1);
        assertThat(events.get(0).type()).isEqualTo(EventType.TABLE_COMMITTED);
        assertThat(events.get(0).principal()).isEqualTo("tester");
        EventChange.TableChange change = (EventChange.TableChange) events.get(0).change();
        assertThat(change.before()).contains(table);
        assertThat(change.after()).contains(committed);
        assertThat(change.updates()).hasSize(3);
    }

    @Test
    default void failedRequirementIsAbortedAndChangesNothing() {
        String namespace = newNamespace();
        Table table = catalog().createTable(CatalogFixtures.hiveTable(namespace, "t"), context());
        catalog()
                .commitTable(
                        new TableCommit(
                                table.identifier(),
                                List.of(),
                                List.of(new TableUpdate.SetProperties(Map.of("metadata_location", "m1")))),
                        context());
        Table current = catalog().getTable(table.identifier(), TableView.BASIC);

        assertCatalogError(
                        ErrorCode.REQUIREMENT_FAILED,
                        () -> catalog()
                                .commitTable(
                                        new TableCommit(
                                                table.identifier(),
                                                List.of(new TableRequirement.AssertVersion(0)),
                                                List.of(new TableUpdate.SetProperties(Map.of("x", "y")))),
                                        context()))
                .hasMessageContaining("version is 1, expected 0");
        assertCatalogError(
                        ErrorCode.REQUIREMENT_FAILED,
                        () -> catalog()
                                .commitTable(
                                        new TableCommit(
                                                table.identifier(),
                                                List.of(new TableRequirement.AssertProperty(
                                                        "metadata_location", Optional.of("m0"))),
                                                List.of(new TableUpdate.SetProperties(
                                                        Map.of("metadata_location", "m2")))),
                                        context()))
                .hasMessageContaining("property 'metadata_location' is 'm1', expected 'm0'");
        assertThat(catalog().getTable(table.identifier(), TableView.BASIC)).isEqualTo(current);

        Table swapped = catalog()
                .commitTable(
                        new TableCommit(
                                table.identifier(),
                                List.of(
                                        new TableRequirement.AssertProperty("metadata_location", Optional.of("m1")),
                                        new TableRequirement.AssertProperty("absent", Optional.empty())),
                                List.of(new TableUpdate.SetProperties(Map.of("metadata_location", "m2")))),
                        context());
        assertThat(swapped.properties()).containsEntry("metadata_location", "m2");
        assertCatalogError(
                ErrorCode.TABLE_NOT_FOUND,
                () -> catalog()
                        .commitTable(
                                new TableCommit(
                                        TableIdentifier.inDefaultCatalog(namespace, "missing"), List.of(), List.of()),
                                context()));
    }

    @Test
    default void newSchemaKeepsColumnIdsByNameSoPartitionKeysStay() {
        String namespace = newNamespace();
        Table table = catalog().createTable(CatalogFixtures.hiveTable(namespace, "t"), context());
        List<Field> columns = new ArrayList<>();
        columns.add(Field.optional(0, "id", DataType.primitive(PrimitiveKind.INT64)));
        columns.add(Field.optional(0, "added", DataType.primitive(PrimitiveKind.STRING)));
        columns.add(Field.optional(0, "ds", DataType.primitive(PrimitiveKind.STRING)));
        columns.add(Field.optional(0, "hr", DataType.primitive(PrimitiveKind.INT32)));

        Table committed = catalog()
                .commitTable(
                        new TableCommit(
                                table.identifier(),
                                List.of(),
                                List.of(
                                        new TableUpdate.AddSchema(Schema.of(0, columns)),
                                        new TableUpdate.SetCurrentSchema(TableUpdate.LAST_ADDED))),
                        context());

        assertThat(committed.currentSchemaId()).isEqualTo(1);
        assertThat(committed.currentSchema().orElseThrow().fields())
                .extracting(Field::id)
                .containsExactly(1, 22, 20, 21);
        assertThat(committed.partitionKeys()).extracting(key -> key.name()).containsExactly("ds", "hr");
        assertThat(committed.schemas()).hasSize(2);
    }

    @Test
    default void renameMovesTheTableAcrossNamespacesButNotOntoAnother() {
        String from = newNamespace();
        String to = newNamespace();
        Table table = catalog().createTable(CatalogFixtures.hiveTable(from, "t"), context());
        catalog().createTable(CatalogFixtures.hiveTable(to, "taken"), context());

        assertCatalogError(
                        ErrorCode.TABLE_ALREADY_EXISTS,
                        () -> catalog()
                                .commitTable(
                                        new TableCommit(
                                                table.identifier(),
                                                List.of(),
                                                List.of(new TableUpdate.Rename(
                                                        TableIdentifier.inDefaultCatalog(to, "TAKEN")))),
                                        context()))
                .hasMessageContaining(to + ".taken");
        assertCatalogError(
                ErrorCode.NAMESPACE_NOT_FOUND,
                () -> catalog()
                        .commitTable(
                                new TableCommit(
                                        table.identifier(),
                                        List.of(),
                                        List.of(new TableUpdate.Rename(
                                                TableIdentifier.inDefaultCatalog("nowhere", "t")))),
                                context()));

        Table renamed = catalog()
                .commitTable(
                        new TableCommit(
                                table.identifier(),
                                List.of(),
                                List.of(new TableUpdate.Rename(TableIdentifier.inDefaultCatalog(to, "Moved")))),
                        context());
        assertThat(renamed.identifier()).isEqualTo(TableIdentifier.inDefaultCatalog(to, "moved"));
        assertThat(renamed.id()).isEqualTo(table.id());
        assertCatalogError(ErrorCode.TABLE_NOT_FOUND, () -> catalog().getTable(table.identifier(), TableView.BASIC));
        assertThat(catalog().getTable(TableIdentifier.inDefaultCatalog(to, "moved"), TableView.BASIC))
                .isEqualTo(renamed);
    }

    @Test
    default void transactionAppliesToAllTablesOrToNone() {
        String namespace = newNamespace();
        Table a = catalog().createTable(CatalogFixtures.hiveTable(namespace, "a"), context());
        Table b = catalog().createTable(CatalogFixtures.hiveTable(namespace, "b"), context());

        assertCatalogError(
                ErrorCode.REQUIREMENT_FAILED,
                () -> catalog()
                        .commitTransaction(
                                List.of(
                                        new TableCommit(
                                                a.identifier(),
                                                List.of(new TableRequirement.AssertVersion(0)),
                                                List.of(new TableUpdate.SetProperties(Map.of("step", "1")))),
                                        new TableCommit(
                                                b.identifier(),
                                                List.of(new TableRequirement.AssertVersion(5)),
                                                List.of(new TableUpdate.SetProperties(Map.of("step", "1"))))),
                                context()));
        assertThat(catalog().getTable(a.identifier(), TableView.BASIC)).isEqualTo(a);
        assertThat(catalog().getTable(b.identifier(), TableView.BASIC)).isEqualTo(b);

        List<Table> both = catalog()
                .commitTransaction(
                        List.of(
                                new TableCommit(
                                        a.identifier(),
                                        List.of(new TableRequirement.AssertVersion(0)),
                                        List.of(new TableUpdate.SetProperties(Map.of("step", "1")))),
                                new TableCommit(
                                        b.identifier(),
                                        List.of(new TableRequirement.AssertVersion(0)),
                                        List.of(new TableUpdate.SetProperties(Map.of("step", "1"))))),
                        context());
        assertThat(both).extracting(Table::version).containsExactly(1L, 1L);
        assertCatalogError(
                        ErrorCode.INVALID_ARGUMENT,
                        () -> catalog()
                                .commitTransaction(
                                        List.of(
                                                new TableCommit(a.identifier(), List.of(), List.of()),
                                                new TableCommit(
                                                        TableIdentifier.inDefaultCatalog(namespace, "A"),
                                                        List.of(),
                                                        List.of())),
                                        context()))
                .hasMessageContaining("appears twice");
    }

    @Test
    default void deleteTableChecksTheVersionAndRemovesIt() {
        String namespace = newNamespace();
        Table table = catalog().createTable(CatalogFixtures.hiveTable(namespace, "t"), context());
        assertCatalogError(
                ErrorCode.ETAG_MISMATCH, () -> catalog().deleteTable(table.identifier(), Optional.of(3L), context()));
        catalog().deleteTable(table.identifier(), Optional.of(0L), context());
        assertCatalogError(ErrorCode.TABLE_NOT_FOUND, () -> catalog().getTable(table.identifier(), TableView.BASIC));
        assertCatalogError(
                ErrorCode.TABLE_NOT_FOUND,
                () -> catalog().deleteTable(table.identifier(), Optional.empty(), context()));
    }

    @Test
    default void retriedCommitWithTheSameRequestIdAppliesOnce() {
        String namespace = newNamespace();
        Table table = catalog().createTable(CatalogFixtures.hiveTable(namespace, "t"), context());
        RequestContext once = context().withRequestId("commit-" + namespace);
        TableCommit commit = new TableCommit(
                table.identifier(), List.of(), List.of(new TableUpdate.SetProperties(Map.of("n", "1"))));
        catalog().commitTable(commit, once);
        Table again = catalog().commitTable(commit, once);
        assertThat(again.version()).isEqualTo(1);
    }
}
