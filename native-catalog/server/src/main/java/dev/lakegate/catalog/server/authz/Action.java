package dev.lakegate.catalog.server.authz;

import java.util.Set;

/**
 * What a call does to the object it acts on, and which of HMS's privilege names allow it there ({@code ALL}
 * allows every action a grant can allow). An object's owner and the admins may do every action but
 * {@link #ADMIN}, which only admins may do.
 */
public enum Action {
    /** Reads an object's metadata: any privilege on it, above it, or (for a namespace) on what it holds. */
    READ(Set.of(), false),
    /** Creates an object in the target (a namespace in a catalog, a table or function in a namespace). */
    CREATE(Set.of("CREATE"), true),
    /** Changes an object's definition. */
    ALTER(Set.of("ALTER"), true),
    /** Drops the object. */
    DROP(Set.of("DROP"), true),
    /** Writes data of a table: partitions, statistics, writes of transactions. */
    WRITE_DATA(Set.of("INSERT", "UPDATE", "DELETE"), true),
    /** Grants or revokes privileges on the object: its owner, an admin, or a holder of a grant option on it. */
    MANAGE_GRANTS(Set.of(), true),
    /** Only admins: catalogs, roles, replication, the event log, compaction housekeeping. */
    ADMIN(Set.of(), true),
    /** Any caller may: a read HMS authorizes for no one (functions, transactions, catalog information). */
    ANYONE_READS(Set.of(), false),
    /** Any caller may: a change HMS authorizes for no one (transactions, leases, runtime statistics); audited. */
    ANYONE_CHANGES(Set.of(), true);

    private final Set<String> privileges;
    private final boolean mutates;

    Action(Set<String> privileges, boolean mutates) {
        this.privileges = privileges;
        this.mutates = mutates;
    }

    /** HMS's privilege names a grant must name (besides {@code ALL}) to allow this action; empty for special ones. */
    public Set<String> privileges() {
        return privileges;
    }

    /** Whether the call changes the catalog (and so is audited whatever the decision). */
    public boolean mutates() {
        return mutates;
    }

    /** Whether every caller may. */
    public boolean open() {
        return this == ANYONE_READS || this == ANYONE_CHANGES;
    }

    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
