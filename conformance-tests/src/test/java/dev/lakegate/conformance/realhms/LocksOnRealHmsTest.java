package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.LockScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class LocksOnRealHmsTest extends LockScenarios {
    @Override protected MetastoreTarget target() { return Targets.realHms(); }
}
