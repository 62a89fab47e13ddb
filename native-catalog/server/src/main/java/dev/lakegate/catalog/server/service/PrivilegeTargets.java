package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.PartitionNames;
import dev.lakegate.catalog.server.model.PrivilegeObject;
import dev.lakegate.catalog.server.model.PrivilegeObjectKind;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.store.PrivilegeTarget;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.util.Map;
import java.util.Optional;

/** A privilege's object found in the store: its key there, and what its failures name. */
record PrivilegeTargets(PrivilegeTarget target, String partitionName) {

    /**
     * The object's key, or none when its table (or, for a grant, its partition) is not there. A namespace
     * must exist, as HMS's store requires of a database (NAMESPACE_NOT_FOUND).
     */
    static Optional<PrivilegeTargets> find(StoreTransaction tx, PrivilegeObject object, boolean partitionMustExist) {
        String catalog = Names.catalogOrDefault(object.catalog());
        return switch (object.kind()) {
            case GLOBAL -> Optional.of(new PrivilegeTargets(PrivilegeTarget.global(), ""));
            case NAMESPACE -> {
                String namespace = Names.namespace(object.namespace());
                if (tx.findNamespace(catalog, namespace).isEmpty()) {
                    throw new CatalogException(
                            ErrorCode.NAMESPACE_NOT_FOUND,
                            "namespace " + catalog + "." + namespace + " does not exist",
                            Map.of("namespace", namespace, "catalog", catalog, "change", "privilege"));
                }
                yield Optional.of(new PrivilegeTargets(PrivilegeTarget.namespace(catalog, namespace), ""));
            }
            case TABLE, PARTITION, COLUMN -> inTable(tx, object, catalog, partitionMustExist);
        };
    }

    /** The object's key for a listing: a namespace need not exist; a table must (else it holds no grants). */
    static Optional<PrivilegeTarget> forListing(StoreTransaction tx, PrivilegeObject object) {
        if (object.kind() == PrivilegeObjectKind.NAMESPACE) {
            return Optional.of(PrivilegeTarget.namespace(
                    Names.catalogOrDefault(object.catalog()), Names.namespace(object.namespace())));
        }
        return find(tx, object, false).map(PrivilegeTargets::target);
    }

    private static Optional<PrivilegeTargets> inTable(
            StoreTransaction tx, PrivilegeObject object, String catalog, boolean partitionMustExist) {
        TableIdentifier identifier =
                new TableIdentifier(catalog, Names.namespace(object.namespace()), Names.table(object.table()));
        Optional<Table> found = tx.findTable(identifier, false);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Table table = found.get();
        String partitionName = "";
        if (!object.partitionValues().isEmpty()) {
            if (object.partitionValues().size() != table.partitionKeys().size()) {
                return Optional.empty();
            }
            partitionName = PartitionNames.name(table.partitionKeys(), object.partitionValues());
            if (partitionMustExist
                    && tx.findPartition(table.id(), table.partitionKeys(), object.partitionValues())
                            .isEmpty()) {
                return Optional.empty();
            }
        }
        String column = object.kind() == PrivilegeObjectKind.COLUMN ? object.column() : "";
        return Optional.of(new PrivilegeTargets(
                PrivilegeTarget.inTable(object.kind(), table.id(), object.partitionValues(), column), partitionName));
    }
}
