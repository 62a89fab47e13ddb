package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.WriteIdRequestScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class WriteIdRequestsOnRealHmsTest extends WriteIdRequestScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
