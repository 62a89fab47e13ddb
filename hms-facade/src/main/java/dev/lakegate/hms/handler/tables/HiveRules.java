package dev.lakegate.hms.handler.tables;

import dev.lakegate.translator.names.HiveNames;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * The small rules of HMS 4.0 that databases and tables share: names (MetaStoreUtils.validateName),
 * what makes a table external, a view or purgeable (MetaStoreUtils), the constants of
 * hive_metastoreConstants, HiveMetaHook and StatsSetupConst that these calls read. HMS's words for
 * failures are the translator's ({@link dev.lakegate.translator.error.HmsWords}).
 */
public final class HiveRules {

    public static final String DEFAULT_DATABASE = "default";
    public static final String DEFAULT_DATABASE_COMMENT = "Default Hive database";

    public static final String DDL_TIME = "transient_lastDdlTime";
    public static final String EXPECTED_PARAMETER_KEY = "expected_parameter_key";
    public static final String EXPECTED_PARAMETER_VALUE = "expected_parameter_value";
    public static final String EXTERNAL = "EXTERNAL";
    public static final String EXTERNAL_TABLE_PURGE = "external.table.purge";
    public static final String TRANSLATED_TO_EXTERNAL = "TRANSLATED_TO_EXTERNAL";
    /**
     * Lakegate's environment key for {@code lakegate migrate copy}: the table is created as the
     * metastore it comes from has it (type, parameters, create time), without HMS 4's translation of
     * managed tables. Only the copy sets it; for any other client it would only skip that translation.
     */
    public static final String MIGRATION_COPY = "lakegate.migration.copy";
    /**
     * With {@link #MIGRATION_COPY}: an Iceberg table whose metadata file cannot be read is created with its
     * pointer alone (the catalog's {@code keep_unreadable_metadata}) instead of being refused.
     */
    public static final String MIGRATION_KEEP_UNREADABLE_METADATA = "lakegate.migration.keep-unreadable-metadata";

    public static final String TRANSACTIONAL = "transactional";
    public static final String TRANSACTIONAL_PROPERTIES = "transactional_properties";
    public static final String TABLE_IS_CTAS = "created_with_ctas";
    public static final String TABLE_IS_CTLT = "created_with_ctlt";
    public static final String CTAS_LEGACY_CONFIG = "create_table_as_external";
    public static final String ALLOW_PARTITION_KEY_CHANGE = "allow_partition_key_change";
    public static final String CASCADE = "CASCADE";
    public static final String TRUE = "true";

    public static final String MANAGED_TABLE = "MANAGED_TABLE";
    public static final String EXTERNAL_TABLE = "EXTERNAL_TABLE";
    public static final String VIRTUAL_VIEW = "VIRTUAL_VIEW";
    public static final String MATERIALIZED_VIEW = "MATERIALIZED_VIEW";

    /** MetaStoreUtils.validateName without special characters: {@code [\w]+}. */
    private static final Pattern VALID_NAME = Pattern.compile("[\\w]+");

    /** The names the native catalog can hold; anything else cannot exist, so it is simply not found. */
    private static final Pattern STORABLE_NAME = Pattern.compile("[\\p{L}\\p{N}_][\\p{L}\\p{N}_$-]*");

    private HiveRules() {}

    public static boolean isValidName(String name) {
        return name != null && VALID_NAME.matcher(name).matches();
    }

    public static boolean isStorableName(String name) {
        return name != null && STORABLE_NAME.matcher(name.trim()).matches();
    }

    public static boolean isHiveCatalog(String catalog) {
        return catalog == null || HiveNames.DEFAULT_CATALOG.equalsIgnoreCase(catalog);
    }

    public static boolean isPropertyTrue(Map<String, String> parameters, String key) {
        return parameters != null && "TRUE".equalsIgnoreCase(parameters.get(key));
    }

    /** MetaStoreUtils.isExternalTable: the EXTERNAL parameter, not the table type. */
    public static boolean isExternal(Table table) {
        return isPropertyTrue(table.getParameters(), EXTERNAL);
    }

    public static boolean isView(Table table) {
        return VIRTUAL_VIEW.equals(table.getTableType());
    }

    public static boolean isIceberg(Map<String, String> parameters) {
        return parameters != null && "ICEBERG".equalsIgnoreCase(parameters.get("table_type"));
    }

    /** HMSHandler.checkTableDataShouldBeDeleted. */
    public static boolean dataShouldBeDeleted(Table table, boolean deleteData) {
        if (deleteData && isExternal(table)) {
            return isPropertyTrue(table.getParameters(), EXTERNAL_TABLE_PURGE);
        }
        return deleteData;
    }

    public static String lower(String name) {
        return name == null ? null : name.toLowerCase(Locale.ROOT);
    }
}
