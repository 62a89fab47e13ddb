package dev.lakegate.enginetests.hive;

import java.util.List;

/** {@link AcidHiveQl} run by an engine with Hive's ACID transactions, against one metastore. */
abstract class HiveAcidSuite extends HiveEngineSuite {

    @Override
    List<HiveStep> steps() {
        return AcidHiveQl.steps();
    }

    @Override
    HiveTransactions transactions() {
        return HiveTransactions.ACID;
    }
}
