package dev.lakegate.catalog.server.model;

public enum TableFormat {
    HIVE,
    ICEBERG,
    PAIMON,
    DELTA,
    HUDI;

    /**
     * Whether the catalog holds the table's partitions, one per value of its identity keys, as a metastore does:
     * Hive tables', and Paimon tables' (Paimon's HiveCatalog registers its partitions in the metastore when a table
     * has {@code metastore.partitioned-table}). Not an Iceberg table's: its partitions are its metadata's.
     */
    public boolean holdsPartitions() {
        return this == HIVE || this == PAIMON;
    }
}
