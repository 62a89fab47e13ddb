package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.server.authz.AccessTarget;
import dev.lakegate.catalog.server.authz.Authorizer;
import dev.lakegate.catalog.server.authz.Caller;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.v1.BatchGetTablesResponse;
import dev.lakegate.catalog.v1.ListNamespacesResponse;
import dev.lakegate.catalog.v1.ListTablesResponse;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.Table;
import java.util.List;
import java.util.Optional;

/**
 * Listings show only what the caller may read: namespaces and tables it holds a privilege on (or above, or for a
 * namespace on something in it), owns, or may see as an admin. A page may come back shorter than asked, even
 * empty, with its next-page token as the catalog gave it: the pages are the catalog's, the filter is the caller's.
 */
final class VisibleListings {

    private final Authorizer authorizer;

    VisibleListings(Authorizer authorizer) {
        this.authorizer = authorizer;
    }

    /** What the caller may see of the answer, and how many entries it hides. */
    record Filtered(Object answer, int hidden) {}

    Filtered filter(Caller caller, Object answer) {
        if (answer instanceof ListNamespacesResponse namespaces) {
            List<Namespace> shown = namespaces.getNamespacesList().stream()
                    .filter(namespace -> visible(caller, namespace))
                    .toList();
            return new Filtered(
                    namespaces.toBuilder()
                            .clearNamespaces()
                            .addAllNamespaces(shown)
                            .build(),
                    namespaces.getNamespacesCount() - shown.size());
        }
        if (answer instanceof ListTablesResponse tables) {
            List<Table> shown = visible(caller, tables.getTablesList());
            return new Filtered(
                    tables.toBuilder().clearTables().addAllTables(shown).build(),
                    tables.getTablesCount() - shown.size());
        }
        if (answer instanceof BatchGetTablesResponse tables) {
            List<Table> shown = visible(caller, tables.getTablesList());
            return new Filtered(
                    tables.toBuilder().clearTables().addAllTables(shown).build(),
                    tables.getTablesCount() - shown.size());
        }
        return new Filtered(answer, 0);
    }

    private boolean visible(Caller caller, Namespace namespace) {
        return authorizer.visible(
                caller,
                AccessTarget.namespace(namespace.getCatalog(), namespace.getName()),
                owner(namespace.getOwner(), namespace.getOwnerType()));
    }

    private List<Table> visible(Caller caller, List<Table> tables) {
        return tables.stream()
                .filter(table -> authorizer.visible(
                        caller,
                        AccessTarget.table(table.getCatalog(), table.getNamespace(), table.getName()),
                        owner(table.getOwner(), table.getOwnerType())))
                .toList();
    }

    /** A listing of names alone carries no owner: the authorizer then reads it. */
    private static Optional<Authorizer.Owner> owner(String owner, dev.lakegate.catalog.v1.PrincipalType type) {
        if (owner.isEmpty()) {
            return Optional.empty();
        }
        PrincipalType kind = switch (type) {
            case ROLE -> PrincipalType.ROLE;
            case GROUP -> PrincipalType.GROUP;
            default -> PrincipalType.USER;
        };
        return Optional.of(new Authorizer.Owner(owner, kind));
    }
}
