package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.PrivilegeGrant;
import dev.lakegate.catalog.server.model.PrivilegeObject;
import dev.lakegate.catalog.server.model.PrivilegeObjectKind;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.store.PrivilegeTarget;
import dev.lakegate.catalog.server.store.StoreTransaction;
import dev.lakegate.catalog.server.store.StoredPrivilege;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a refresh of privileges ({@link PrivilegeOperations#refresh}) compares: the grants held on its object, and
 * two grants equal but for their time, as HMS's store compares them in its refresh_privileges.
 */
final class PrivilegeRefresh {

    private PrivilegeRefresh() {}

    /** The grants held on the object; a COLUMN object without a column: on every column of its table. */
    static List<StoredPrivilege> heldOn(StoreTransaction tx, PrivilegeObject object) {
        if (object.kind() == PrivilegeObjectKind.COLUMN && object.column().isEmpty()) {
            if (!object.partitionValues().isEmpty()) {
                throw refused("a refresh of column privileges names a table, not a partition", object);
            }
            return everyColumnOf(tx, object);
        }
        if (object.kind() != PrivilegeObjectKind.NAMESPACE && object.kind() != PrivilegeObjectKind.TABLE) {
            throw refused("privileges are refreshed on a namespace, a table or a table's columns", object);
        }
        return PrivilegeTargets.find(tx, object, false)
                .map(found -> tx.privileges().list(Optional.of(found.target()), List.of()))
                .orElse(List.of());
    }

    private static List<StoredPrivilege> everyColumnOf(StoreTransaction tx, PrivilegeObject object) {
        TableIdentifier identifier = new TableIdentifier(
                Names.catalogOrDefault(object.catalog()),
                Names.namespace(object.namespace()),
                Names.table(object.table()));
        Optional<Table> table = tx.findTable(identifier, false);
        if (table.isEmpty()) {
            return List.of();
        }
        List<StoredPrivilege> held = new ArrayList<>();
        for (Field field :
                table.get().currentSchema().map(schema -> schema.fields()).orElse(List.of())) {
            PrivilegeTarget column = PrivilegeTarget.inTable(
                    PrivilegeObjectKind.COLUMN, table.get().id(), List.of(), field.name());
            held.addAll(tx.privileges().list(Optional.of(column), List.of()));
        }
        return held;
    }

    /** Equal as HMS's refresh compares them: everything but the time a grant was made. */
    static boolean sameButTime(PrivilegeGrant held, PrivilegeGrant asked) {
        return named(held.object()).equals(named(asked.object()))
                && held.principal().equals(asked.principal())
                && held.privilege().equals(asked.privilege())
                && held.grantOption() == asked.grantOption()
                && held.grantor().equals(asked.grantor())
                && held.authorizer().equals(asked.authorizer());
    }

    /** The object with its names as the store keeps them (the default catalog, lower case). */
    private static PrivilegeObject named(PrivilegeObject object) {
        return new PrivilegeObject(
                object.kind(),
                Names.catalogOrDefault(object.catalog()),
                object.namespace().toLowerCase(Locale.ROOT),
                object.table().toLowerCase(Locale.ROOT),
                object.partitionValues(),
                object.column().toLowerCase(Locale.ROOT));
    }

    private static CatalogException refused(String why, PrivilegeObject object) {
        return new CatalogException(
                ErrorCode.INVALID_ARGUMENT,
                why + ": " + object.kind(),
                Map.of("kind", object.kind().name(), "field", "object"));
    }
}
