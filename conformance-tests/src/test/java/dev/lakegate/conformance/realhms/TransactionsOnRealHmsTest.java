package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.TransactionScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class TransactionsOnRealHmsTest extends TransactionScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
