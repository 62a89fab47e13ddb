package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.TransactionStatisticsScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class TransactionStatisticsOnRealHmsTest extends TransactionStatisticsScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
