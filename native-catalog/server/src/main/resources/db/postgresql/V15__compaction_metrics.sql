-- Hive's compaction metrics (HMS's COMPACTION_METRICS_CACHE): per table (partition_name '') or partition and
-- metric type (Hive's name, e.g. HIVE_ACID_NUM_DELTAS), the value the Initiator or Cleaner last recorded and
-- a version that each update moves by one (an update is applied on the version it read).
CREATE TABLE compaction_metrics (
    catalog TEXT COLLATE "C" NOT NULL,
    namespace TEXT COLLATE "C" NOT NULL,
    table_name TEXT COLLATE "C" NOT NULL,
    partition_name TEXT COLLATE "C" NOT NULL,
    metric_type TEXT COLLATE "C" NOT NULL,
    metric_value INT NOT NULL,
    version INT NOT NULL,
    PRIMARY KEY (catalog, namespace, table_name, metric_type, partition_name)
);
