package dev.lakegate.translator.mapping;

import dev.lakegate.catalog.v1.TableFormat;
import java.util.Map;

/**
 * What an HMS table's parameters say about its format: Iceberg's HiveCatalog writes
 * {@code table_type=ICEBERG} and {@code metadata_location}; Paimon's writes {@code table_type=PAIMON}.
 * Anything else is a Hive table.
 */
public final class TableFormats {

    public static final String TABLE_TYPE = "table_type";
    public static final String METADATA_LOCATION = "metadata_location";

    private TableFormats() {}

    public static TableFormat of(Map<String, String> parameters) {
        String type = parameters == null ? null : parameters.get(TABLE_TYPE);
        if ("ICEBERG".equalsIgnoreCase(type)) {
            return TableFormat.ICEBERG;
        }
        if ("PAIMON".equalsIgnoreCase(type)) {
            return TableFormat.PAIMON;
        }
        return TableFormat.HIVE;
    }

    /** Whether a table of this format is a lake table (its schema is the format's own), not a Hive table. */
    static boolean isLake(TableFormat format) {
        return format != TableFormat.HIVE && format != TableFormat.TABLE_FORMAT_UNSPECIFIED;
    }

    /**
     * Whether HMS clients see a table of this format's partition keys and partitions: a Hive table's, and a
     * Paimon table's (Paimon's HiveCatalog registers its partition keys and partitions in the metastore when
     * {@code metastore.partitioned-table} is set, and its commits add partitions there). Not an Iceberg table's:
     * its partitioning is in its own metadata, and Iceberg's HiveCatalog writes no partition keys.
     */
    static boolean partitionedInMetastore(TableFormat format) {
        return !isLake(format) || format == TableFormat.PAIMON;
    }

    /** The {@code table_type} parameter a lake format shows HMS clients, or null for Hive tables. */
    static String tableTypeParameter(TableFormat format) {
        return switch (format) {
            case ICEBERG -> "ICEBERG";
            case PAIMON -> "PAIMON";
            default -> null;
        };
    }
}
