package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.TransactionEventScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class TransactionEventsOnRealHmsTest extends TransactionEventScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
