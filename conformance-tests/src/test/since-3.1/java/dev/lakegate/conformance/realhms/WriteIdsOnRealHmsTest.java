package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.WriteIdScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class WriteIdsOnRealHmsTest extends WriteIdScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
