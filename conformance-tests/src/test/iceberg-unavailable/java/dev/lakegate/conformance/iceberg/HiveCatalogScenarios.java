package dev.lakegate.conformance.iceberg;

import dev.lakegate.conformance.targets.MetastoreTarget;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The 4.0 client line's stand-in for Iceberg's HiveCatalog scenarios (src/test/iceberg/java, run with the 2.3
 * and 3.1 clients): the scenarios are reported as skipped, with the reason, instead of left out silently.
 */
public abstract class HiveCatalogScenarios {

    static final String REASON =
            "not run with the 4.0 client: Iceberg's HiveCatalog (iceberg-hive-metastore 1.10) is built against the "
                    + "Hive 2.3 client and needs HiveConf from hive-common, which the 4.0 line's standalone client "
                    + "does not have; it runs with the 2.3 and 3.1 clients";

    protected abstract MetastoreTarget target();

    @Test
    void hiveCatalogScenarios() {
        Assumptions.abort(REASON);
    }
}
