package dev.lakegate.catalog.server.authz;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.model.PrivilegeGrant;
import dev.lakegate.catalog.server.model.PrivilegeObject;
import dev.lakegate.catalog.server.model.PrivilegeObjectKind;
import dev.lakegate.catalog.server.model.Role;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.HeldAccess;
import dev.lakegate.catalog.server.service.TableView;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides from the catalog's stored grants, as Hive's SQL-standard authorizer would from HMS's: a privilege
 * granted to the user, one of its groups or one of its roles (held directly or through roles, {@code public}
 * by everyone) on an object allows the actions it names there and on everything the object holds (a global
 * grant everywhere, a namespace's on its tables and functions); {@code ALL} names every privilege. An object's
 * owner may do everything on it; admins (configured, or holders of role {@code admin}) everything everywhere.
 * An object nobody holds a grant on is open to everyone only with {@code openUngranted}.
 */
public final class Authorizer {

    private static final String ALL = "ALL";

    private final Catalog catalog;
    private final AuthorizationSettings settings;
    private final GrantsCache grants;

    public Authorizer(Catalog catalog, AuthorizationSettings settings) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.grants = new GrantsCache(catalog, settings.maxStaleness());
    }

    /**
     * The caller with what it holds now: the access version read, then the roles and grants of the user and its
     * groups as kept at it (read again only when it moved). The groups are the ones the call's door vouches for.
     */
    public Caller caller(String user, List<String> groups) {
        long version = grants.version();
        HeldAccess held = grants.heldBy(user, groups, version);
        return new Caller(held, settings.admins().contains(user) || held.roles().contains(Role.ADMIN), version);
    }

    public Decision decide(Caller caller, Action action, AccessTarget target) {
        if (action.open()) {
            return Decision.allow(action, target, "open to every caller");
        }
        if (caller.admin()) {
            return Decision.allow(action, target, "admin");
        }
        if (action == Action.ADMIN) {
            return Decision.deny(action, target, "admins only");
        }
        AccessTarget checked = target.kind() == AccessTarget.Kind.FUNCTION ? target.namespaceOf() : target;
        Optional<PrivilegeGrant> grant = caller.held().grants().stream()
                .filter(held -> allows(held, action, checked))
                .findFirst();
        if (grant.isPresent()) {
            return Decision.allow(
                    action,
                    target,
                    "grant of " + grant.get().privilege() + " on "
                            + grant.get().object().kind().name().toLowerCase(Locale.ROOT));
        }
        if (owns(caller, checked)) {
            return Decision.allow(action, target, "owner");
        }
        if (settings.openUngranted() && ungranted(caller, checked)) {
            return Decision.allow(action, target, "nobody holds a grant on it");
        }
        return Decision.deny(action, target, "needs " + needed(action) + " on it or above, or its ownership");
    }

    /** Whether the caller may see the object in a listing, its owner given when the listing carries it. */
    public boolean visible(Caller caller, AccessTarget target, Optional<Owner> owner) {
        if (caller.admin() || caller.held().grants().stream().anyMatch(held -> allows(held, Action.READ, target))) {
            return true;
        }
        boolean owned =
                owner.map(known -> caller.owns(known.name(), known.type())).orElseGet(() -> owns(caller, target));
        return owned || settings.openUngranted() && ungranted(caller, target);
    }

    /** An object's owner as a listing carries it. */
    public record Owner(String name, PrincipalType type) {}

    /** What HMS's privilege names would allow the action, for the denial's words. */
    public static String needed(Action action) {
        return switch (action) {
            case READ -> "any privilege";
            case MANAGE_GRANTS -> "a grant option";
            case ADMIN -> "admin";
            default -> String.join(" or ", action.privileges().stream().sorted().toList());
        };
    }

    private static boolean allows(PrivilegeGrant held, Action action, AccessTarget target) {
        if (!covers(held.object(), target, action == Action.READ)) {
            return false;
        }
        return switch (action) {
            case READ -> true;
            case MANAGE_GRANTS -> held.grantOption();
            default -> {
                String privilege = held.privilege().toUpperCase(Locale.ROOT);
                yield privilege.equals(ALL) || action.privileges().contains(privilege);
            }
        };
    }

    /**
     * Whether a grant on {@code object} reaches {@code target}: on it or above it; for reads also below it (a
     * namespace is visible to who holds a grant on one of its tables, a table to who holds one on a column).
     */
    private static boolean covers(PrivilegeObject object, AccessTarget target, boolean read) {
        if (object.kind() == PrivilegeObjectKind.GLOBAL) {
            return true;
        }
        String catalog = object.catalog().isEmpty() ? AccessTarget.DEFAULT_CATALOG : object.catalog();
        if (target.kind() == AccessTarget.Kind.GLOBAL
                || !catalog.equalsIgnoreCase(target.catalog())
                || !object.namespace().equalsIgnoreCase(target.namespace())) {
            return false;
        }
        if (object.kind() == PrivilegeObjectKind.NAMESPACE) {
            return target.kind() != AccessTarget.Kind.CATALOG;
        }
        return switch (target.kind()) {
            case NAMESPACE -> read;
            case TABLE ->
                object.table().equalsIgnoreCase(target.name()) && (object.kind() == PrivilegeObjectKind.TABLE || read);
            default -> false;
        };
    }

    private boolean owns(Caller caller, AccessTarget target) {
        try {
            return switch (target.kind()) {
                case NAMESPACE -> {
                    Namespace namespace = catalog.getNamespace(target.catalog(), target.namespace());
                    yield caller.owns(namespace.owner(), namespace.ownerType());
                }
                case TABLE -> {
                    Table table = catalog.getTable(
                            new TableIdentifier(target.catalog(), target.namespace(), target.name()), TableView.BASIC);
                    yield caller.owns(table.owner(), table.ownerType());
                }
                default -> false;
            };
        } catch (CatalogException missing) {
            // An object that is not there has no owner; the call itself reports it missing when allowed.
            return false;
        }
    }

    /** Whether nobody holds a grant on the object, its namespace or globally. */
    private boolean ungranted(Caller caller, AccessTarget target) {
        long version = caller.accessVersion();
        if (grants.anyGrantOn(PrivilegeObject.global(), version)) {
            return false;
        }
        if (target.kind() == AccessTarget.Kind.GLOBAL || target.kind() == AccessTarget.Kind.CATALOG) {
            return true;
        }
        if (grants.anyGrantOn(PrivilegeObject.namespace(target.catalog(), target.namespace()), version)) {
            return false;
        }
        return target.kind() != AccessTarget.Kind.TABLE
                || !grants.anyGrantOn(
                        PrivilegeObject.table(target.catalog(), target.namespace(), target.name()), version);
    }
}
