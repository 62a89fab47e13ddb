package dev.lakegate.enginetests.hive;

import java.util.Map;

/** How the engine runs statements: without transactions, or with Hive's ACID transactions and locks. */
enum HiveTransactions {

    /** No transactions and no locks: the DummyTxnManager Hive ships as the non-ACID default. */
    NONE(Map.of(
            "hive.support.concurrency", "false",
            "hive.txn.manager", "org.apache.hadoop.hive.ql.lockmgr.DummyTxnManager")),

    /**
     * Hive's ACID: the DbTxnManager opens a metastore transaction per statement and takes its locks there
     * (shared, exclusive write or exclusive), as a HiveServer2 configured for transactions does.
     */
    ACID(Map.of(
            "hive.support.concurrency",
            "true",
            "hive.txn.manager",
            "org.apache.hadoop.hive.ql.lockmgr.DbTxnManager",
            // What the engine tells HMS it can read and write (as Hive's own ACID tests do): HMS 4's default
            // transformer refuses to create a transactional table for a client that declares nothing
            // ("Processor has no capabilities, cannot create an ACID table").
            "hive.metastore.client.capabilities",
            "HIVEFULLACIDREAD,HIVEFULLACIDWRITE,HIVECACHEINVALIDATE,HIVEMANAGESTATS,HIVEMANAGEDINSERTWRITE,"
                    + "HIVEMANAGEDINSERTREAD",
            // Hive caches the results of queries on transactional tables (under /tmp/hive, beyond the work
            // folder) and answered the SELECT after compaction with no rows from an empty cache entry; each read
            // here must go to the files at the write ids the metastore gives.
            "hive.query.results.cache.enabled",
            "false"));

    private final Map<String, String> settings;

    HiveTransactions(Map<String, String> settings) {
        this.settings = settings;
    }

    /** The engine's hive-site.xml entries for this mode. */
    Map<String, String> settings() {
        return settings;
    }
}
