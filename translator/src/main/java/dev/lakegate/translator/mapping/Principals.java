package dev.lakegate.translator.mapping;

import dev.lakegate.catalog.v1.PrincipalType;

/** HMS principal types and the native ones: the same three, and unset. */
public final class Principals {

    private Principals() {}

    public static PrincipalType toNative(org.apache.hadoop.hive.metastore.api.PrincipalType type) {
        if (type == null) {
            return PrincipalType.PRINCIPAL_TYPE_UNSPECIFIED;
        }
        return switch (type) {
            case USER -> PrincipalType.USER;
            case ROLE -> PrincipalType.ROLE;
            case GROUP -> PrincipalType.GROUP;
        };
    }

    /** Unset is null: the caller keeps its struct's default (USER for tables, databases and functions). */
    public static org.apache.hadoop.hive.metastore.api.PrincipalType fromNative(PrincipalType type) {
        return switch (type) {
            case USER -> org.apache.hadoop.hive.metastore.api.PrincipalType.USER;
            case ROLE -> org.apache.hadoop.hive.metastore.api.PrincipalType.ROLE;
            case GROUP -> org.apache.hadoop.hive.metastore.api.PrincipalType.GROUP;
            case PRINCIPAL_TYPE_UNSPECIFIED, UNRECOGNIZED -> null;
        };
    }
}
