package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.LockScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class LocksOnRealHmsTest extends LockScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
