package dev.lakegate.hms.handler.limits;

import dev.lakegate.hms.handler.partitions.PartitionPages;
import dev.lakegate.translator.filter.FilterLimits;

/**
 * One bound on what a single HMS call may carry, its setting's name ({@code lakegate serve --limit
 * name=value}), its default and the highest value it may be set to. The defaults follow HMS where HMS's
 * backing tables hold less than engines write only when no engine writes more: HMS 2.3 stores a
 * parameter value in a {@code VARCHAR(4000)} (later releases and some installations a {@code CLOB} or
 * {@code MEDIUMTEXT}), yet Spark splits its table schema into 4,000-character parts only because of that,
 * and Iceberg's HiveCatalog writes schema, partition spec and statistics JSON of hundreds of KB into table
 * parameters where the store allows it; so a parameter value may have 1 MiB of characters by default,
 * which keeps the 100,000,000-character value of issue 18 out of the store.
 */
public enum Limit {
    /**
     * Database, table and partition key names: HMS 3 and 4 keep a table's name in TBLS.TBL_NAME VARCHAR(256)
     * (2.3 and the database and key names in 128); one limit for the three at the larger, so that no
     * table name HMS accepts is refused (the catalog keeps database names to 128 itself).
     */
    NAME_LENGTH("name-length", 256, "characters in a database, table or partition key name"),
    /** HMS's COLUMNS_V2.COLUMN_NAME holds 767. */
    COLUMN_NAME_LENGTH("column-name-length", 767, "characters in a column name"),
    /** Column and partition key comments: HMS 2.3's PKEY_COMMENT holds 4,000 (its column comments 256). */
    COMMENT_LENGTH("comment-length", 4_000, "characters in a column or partition key comment"),
    /** HMS refuses a database description over 4,000 characters (DBS.DESC VARCHAR(4000)). */
    DESCRIPTION_LENGTH("description-length", 4_000, "characters in a database description"),
    /** HMS's *_PARAMS.PARAM_KEY holds 256. */
    PARAMETER_KEY_LENGTH("parameter-key-length", 256, "characters in a parameter's key"),
    PARAMETER_VALUE_LENGTH("parameter-value-length", 1 << 20, "characters in a parameter's value"),
    /** Iceberg tables and Spark's schema parts use tens to hundreds; 10,000 leaves room. */
    PARAMETERS("parameters", 10_000, "parameters of one database, table, partition or storage descriptor"),
    /** The widest real tables have a few thousand columns; HMS has no bound. */
    COLUMNS("columns", 50_000, "columns of one table or partition"),
    PARTITION_KEYS("partition-keys", 100, "partition keys of one table"),
    PARTITION_VALUES("partition-values", 100, "values of one partition"),
    /**
     * Partitions one call adds, alters, drops, truncates or reads by name. A call within it is one catalog
     * call, hence one transaction: so it cannot be set above what the catalog takes in one call.
     */
    PARTITIONS_PER_CALL(
            "partitions-per-call", PartitionPages.MAX_BATCH, PartitionPages.MAX_BATCH, "partitions in one call"),
    FILTER_LENGTH(FilterLimits.LENGTH, FilterLimits.DEFAULTS.maxLength(), "characters in a filter"),
    FILTER_DEPTH(FilterLimits.DEPTH, FilterLimits.DEFAULTS.maxDepth(), "brackets open at once in a filter"),
    /**
     * Catalog answers one call holds while its reply is built (ReplyBudget): an eighth of the heap, so that
     * with the request bytes the server holds and the Thrift objects built from the answers the heap has
     * room to work.
     */
    REPLY_BYTES("reply-bytes", heapShare(8), "bytes of catalog answers one call holds while its reply is built"),
    /** All calls' catalog answers at once: a quarter of the heap. */
    REPLIES_IN_FLIGHT_BYTES("replies-in-flight-bytes", heapShare(4), "bytes of catalog answers all calls hold at once");

    private static int heapShare(int parts) {
        return (int) Math.min(Integer.MAX_VALUE, Runtime.getRuntime().maxMemory() / parts);
    }

    private final String setting;
    private final int defaultValue;
    private final int maxValue;
    private final String bounds;

    Limit(String setting, int defaultValue, String bounds) {
        this(setting, defaultValue, Integer.MAX_VALUE, bounds);
    }

    Limit(String setting, int defaultValue, int maxValue, String bounds) {
        this.setting = setting;
        this.defaultValue = defaultValue;
        this.maxValue = maxValue;
        this.bounds = bounds;
    }

    /** The name of the setting, as {@code --limit} takes it and as refusals name it. */
    public String setting() {
        return setting;
    }

    public int defaultValue() {
        return defaultValue;
    }

    /** The highest value the setting takes. */
    public int maxValue() {
        return maxValue;
    }

    /** What the limit bounds, for help texts. */
    public String bounds() {
        return bounds;
    }
}
