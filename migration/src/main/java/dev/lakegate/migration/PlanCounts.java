package dev.lakegate.migration;

/**
 * How much a database holds on the legacy metastore: tables, partitions, tables and partitions with
 * column statistics, and functions.
 */
public record PlanCounts(long tables, long partitions, long statistics, long functions) {

    public static final PlanCounts NONE = new PlanCounts(0, 0, 0, 0);

    public PlanCounts plus(PlanCounts other) {
        return new PlanCounts(
                tables + other.tables,
                partitions + other.partitions,
                statistics + other.statistics,
                functions + other.functions);
    }
}
