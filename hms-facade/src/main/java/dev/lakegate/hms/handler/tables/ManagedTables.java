package dev.lakegate.hms.handler.tables;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a created managed table that is not transactional becomes. HMS 4.0's default metadata transformer
 * stores it as an external table purged on drop ({@code TRANSLATED_TO_EXTERNAL}), whatever the client;
 * HMS 3.1 has no transformer and keeps it {@code MANAGED_TABLE}. Engines of the Hive 2.3 and 3.1 clients
 * (Spark, Flink, Paimon, Trino) decide on the table type: they truncate, purge and move the data of
 * managed tables only.
 */
public enum ManagedTables {

    /**
     * As the metastore of the client's own release: a create by {@code create_table_req}, the form only a
     * Hive 4 client sends (with its processor capabilities, if it has any), is translated as HMS 4.0 does;
     * a create by {@code create_table}, {@code create_table_with_environment_context} or
     * {@code create_table_with_constraints} (Hive 2.3 and 3.1 clients, which send no capabilities) keeps
     * the table managed, as HMS 3.1 does.
     */
    BY_CLIENT("by-client"),
    /** Every client's managed table is translated to an external one, as HMS 4.0 does. */
    EXTERNAL("external"),
    /** No managed table is translated: every client's stays managed, as HMS 3.1 keeps it. */
    MANAGED("managed");

    private final String setting;

    ManagedTables(String setting) {
        this.setting = setting;
    }

    /** The setting's value, as {@code --managed-tables} takes it. */
    public String setting() {
        return setting;
    }

    /** Whether a create in HMS 4.0's request form ({@code create_table_req}) has its table translated. */
    public boolean translates(boolean hive4Request) {
        return switch (this) {
            case BY_CLIENT -> hive4Request;
            case EXTERNAL -> true;
            case MANAGED -> false;
        };
    }

    /** The value named by {@code setting} (case aside); an unknown one is refused with the known ones. */
    public static ManagedTables of(String setting) {
        String wanted = setting == null ? "" : setting.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(value -> value.setting.equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown managed-tables setting '" + setting + "': one of " + names()));
    }

    /** The settings' values, comma-separated. */
    public static String names() {
        return Arrays.stream(values()).map(ManagedTables::setting).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return setting;
    }
}
