package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.server.authz.AccessTarget;
import dev.lakegate.catalog.v1.PrivilegeGrant;
import dev.lakegate.catalog.v1.PrivilegeObject;
import dev.lakegate.catalog.v1.TableIdentifier;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;

/** The objects requests name, as the authorization check sees them. */
final class AccessTargets {

    private AccessTargets() {}

    static List<AccessTarget> global() {
        return List.of(AccessTarget.global());
    }

    static List<AccessTarget> table(TableIdentifier table) {
        return List.of(of(table));
    }

    static List<AccessTarget> tables(Collection<TableIdentifier> tables) {
        return tables.stream().map(AccessTargets::of).distinct().toList();
    }

    static List<AccessTarget> namespace(String catalog, String namespace) {
        return List.of(AccessTarget.namespace(catalog, namespace));
    }

    static AccessTarget of(TableIdentifier table) {
        return AccessTarget.table(table.getCatalog(), table.getNamespace(), table.getName());
    }

    /** The objects of grants: a partition's or column's grant is managed by who manages its table's. */
    static List<AccessTarget> granted(List<PrivilegeGrant> grants) {
        return grants.stream().map(grant -> of(grant.getObject())).distinct().toList();
    }

    /** A refresh's: its object's and its grants' (who manages them all may replace them). */
    static List<AccessTarget> refreshed(PrivilegeObject object, List<PrivilegeGrant> grants) {
        return Stream.concat(Stream.of(of(object)), granted(grants).stream())
                .distinct()
                .toList();
    }

    private static AccessTarget of(PrivilegeObject object) {
        return switch (object.getKind()) {
            case NAMESPACE -> AccessTarget.namespace(object.getCatalog(), object.getNamespace());
            case TABLE, PARTITION, COLUMN ->
                AccessTarget.table(object.getCatalog(), object.getNamespace(), object.getTable());
            default -> AccessTarget.global();
        };
    }
}
