-- Hive's compaction metrics (HMS's COMPACTION_METRICS_CACHE): per table (partition_name '') or partition and
-- metric type (Hive's name, e.g. HIVE_ACID_NUM_DELTAS), the value the Initiator or Cleaner last recorded and
-- a version that each update moves by one (an update is applied on the version it read).
CREATE TABLE compaction_metrics (
    catalog VARCHAR NOT NULL,
    namespace VARCHAR NOT NULL,
    table_name VARCHAR NOT NULL,
    partition_name VARCHAR NOT NULL,
    metric_type VARCHAR NOT NULL,
    metric_value INT NOT NULL,
    version INT NOT NULL,
    PRIMARY KEY (catalog, namespace, table_name, metric_type, partition_name)
);
