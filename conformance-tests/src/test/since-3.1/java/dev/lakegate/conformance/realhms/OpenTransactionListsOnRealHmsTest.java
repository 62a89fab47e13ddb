package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.OpenTransactionListScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class OpenTransactionListsOnRealHmsTest extends OpenTransactionListScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
