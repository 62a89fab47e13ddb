package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ConstraintKind;
import dev.lakegate.catalog.server.model.ConstraintOf;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.ForeignKeyReference;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableConstraint;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableUpdate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

public interface ConstraintContract extends CatalogContract {

    private static TableConstraint key(String name, ConstraintKind kind, String... columns) {
        return new TableConstraint(
                name, kind, List.of(columns), Optional.empty(), Optional.empty(), true, false, true, false);
    }

    private static TableConstraint foreignKey(String name, TableIdentifier parent, String column, String parentColumn) {
        return new TableConstraint(
                name,
                ConstraintKind.FOREIGN_KEY,
                List.of(column),
                Optional.of(new ForeignKeyReference(parent, List.of(parentColumn), 0, 0)),
                Optional.empty(),
                false,
                false,
                false,
                false);
    }

    private static List<String> names(List<ConstraintOf> constraints) {
        return constraints.stream().map(c -> c.constraint().name()).toList();
    }

    /** A table created with a primary key on its column {@code id} (named in upper case: names are kept lower). */
    private TableIdentifier keyedTable(String namespace, String name, String keyName) {
        catalog()
                .createTable(
                        CatalogFixtures.unpartitionedHiveTable(namespace, name),
                        List.of(key(keyName, ConstraintKind.PRIMARY_KEY, "ID")),
                        context());
        return TableIdentifier.inDefaultCatalog(namespace, name);
    }

    @Test
    default void constraintsAreAddedReadAndDroppedAndRefusedWhenMalformed() {
        String namespace = newNamespace();
        TableIdentifier parent = keyedTable(namespace, "parent", "Parent_PK");
        TableIdentifier child = TableIdentifier.inDefaultCatalog(namespace, "child");
        catalog().createTable(CatalogFixtures.unpartitionedHiveTable(namespace, "child"), context());
        assertThat(catalog().listConstraints(child, false)).isEmpty();
        assertThat(names(catalog().listConstraints(parent, false))).containsExactly("parent_pk");

        List<ConstraintOf> added = catalog()
                .addConstraints(
                        child,
                        List.of(
                                foreignKey("child_fk", parent, "id", "id"),
                                key("name_nn", ConstraintKind.NOT_NULL, "name")),
                        context());
        assertThat(names(added)).containsExactlyInAnyOrder("child_fk", "name_nn");
        assertThat(names(catalog().listConstraints(parent, true))).containsExactly("child_fk");

        assertCatalogError(
                ErrorCode.CONSTRAINT_ALREADY_EXISTS,
                () -> catalog()
                        .addConstraints(child, List.of(key("name_nn", ConstraintKind.UNIQUE_KEY, "code")), context()));
        assertCatalogError(
                ErrorCode.CONSTRAINT_ALREADY_EXISTS,
                () -> catalog()
                        .addConstraints(parent, List.of(key("pk2", ConstraintKind.PRIMARY_KEY, "code")), context()));
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> catalog().addConstraints(child, List.of(key("u", ConstraintKind.UNIQUE_KEY, "nope")), context()));
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> catalog().addConstraints(child, List.of(foreignKey("fk2", parent, "code", "code")), context()));
        // a failed add leaves nothing behind, even the constraints before the bad one
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> catalog()
                        .addConstraints(
                                child,
                                List.of(
                                        key("good", ConstraintKind.UNIQUE_KEY, "code"),
                                        key("bad", ConstraintKind.NOT_NULL, "nope")),
                                context()));
        assertThat(names(catalog().listConstraints(child, false))).containsExactly("child_fk", "name_nn");

        catalog().deleteConstraint(child, "NAME_NN", context());
        assertCatalogError(
                ErrorCode.CONSTRAINT_NOT_FOUND, () -> catalog().deleteConstraint(child, "name_nn", context()));
        assertCatalogError(
                ErrorCode.TABLE_NOT_FOUND,
                () -> catalog().listConstraints(TableIdentifier.inDefaultCatalog(namespace, "missing"), false));
    }

    @Test
    default void aRenamedParentIsNamedByItsForeignKeysAndADroppedOneTakesThemAlong() {
        String namespace = newNamespace();
        TableIdentifier parent = keyedTable(namespace, "p", "p_pk");
        TableIdentifier child = TableIdentifier.inDefaultCatalog(namespace, "c");
        catalog()
                .createTable(
                        CatalogFixtures.unpartitionedHiveTable(namespace, "c"),
                        List.of(foreignKey("c_fk", parent, "id", "id")),
                        context());
        TableIdentifier moved = TableIdentifier.inDefaultCatalog(namespace, "p2");
        catalog().commitTable(new TableCommit(parent, List.of(), List.of(new TableUpdate.Rename(moved))), context());
        assertThat(catalog()
                        .listConstraints(child, false)
                        .get(0)
                        .constraint()
                        .references()
                        .orElseThrow()
                        .table())
                .isEqualTo(moved);
        assertThat(names(catalog().listConstraints(moved, false))).containsExactly("p_pk");

        catalog().deleteTable(moved, Optional.empty(), context());
        assertThat(catalog().listConstraints(child, false)).isEmpty();
    }

    @Test
    default void anIcebergTablesIdentifierFieldsAreItsPrimaryKey() {
        String namespace = newNamespace();
        TableIdentifier table = TableIdentifier.inDefaultCatalog(namespace, "lake");
        catalog().createTable(CatalogFixtures.icebergTable(namespace, "lake"), context());
        List<ConstraintOf> keys = catalog().listConstraints(table, false);
        assertThat(keys).hasSize(1);
        assertThat(keys.get(0).constraint().kind()).isEqualTo(ConstraintKind.PRIMARY_KEY);
        assertThat(keys.get(0).constraint().columns()).containsExactly("id");
        assertThat(keys.get(0).constraint().derived()).isTrue();
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> catalog()
                        .addConstraints(table, List.of(key("pk", ConstraintKind.PRIMARY_KEY, "name")), context()));
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> catalog().deleteConstraint(table, IdentifierFields.KEY_NAME, context()));
    }
}
