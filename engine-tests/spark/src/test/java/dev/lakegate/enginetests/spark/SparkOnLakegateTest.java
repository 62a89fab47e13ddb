package dev.lakegate.enginetests.spark;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Spark 3.5.9 with its Hive 2.3.9 client against a Lakegate gateway: the point of this module. */
class SparkOnLakegateTest extends SparkEngineSuite {

    /**
     * Steps that fail on Lakegate and pass on the real HMS 3.1.3 (SparkOnRealHmsTest), left out until fixed, each
     * with why. All come from one rule: Lakegate stores a plain managed table, for a client that sends no
     * capabilities (Spark's Hive 2.3 client sends none), as EXTERNAL_TABLE with external.table.purge=TRUE, as
     * HMS 4's default transformer does; HMS 3.1.3 keeps it MANAGED_TABLE.
     */
    static final Set<String> LEFT_OUT = Set.of(
            // DESCRIBE TABLE EXTENDED spark_db.people: expected "MANAGED" but was "EXTERNAL"
            "created tables read back as MANAGED",
            // AnalysisException: Operation not allowed: TRUNCATE TABLE on external tables: spark_db.per_day
            "TRUNCATE TABLE",
            // SELECT after the rename reads no rows: Spark rewrites a data source table's `path` storage property
            // on rename only for a MANAGED table; Lakegate moves the folder to loc_db_dir/ranked, `path` still
            // names loc_db_dir/scores
            "ALTER TABLE RENAME (parquet data source table)");

    @Override
    SparkMetastore startMetastore(Path dir) throws Exception {
        return SparkMetastore.lakegate(dir);
    }

    @Override
    List<EverydaySparkSql.Step> steps() {
        Set<String> names = EverydaySparkSql.steps().stream()
                .map(EverydaySparkSql.Step::name)
                .collect(Collectors.toSet());
        if (!names.containsAll(LEFT_OUT)) {
            throw new IllegalStateException("LEFT_OUT names a step that does not exist: " + LEFT_OUT);
        }
        return EverydaySparkSql.steps().stream()
                .filter(step -> !LEFT_OUT.contains(step.name()))
                .toList();
    }
}
