package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.ReplicatedTransactionScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class ReplicatedTransactionsOnRealHmsTest extends ReplicatedTransactionScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
