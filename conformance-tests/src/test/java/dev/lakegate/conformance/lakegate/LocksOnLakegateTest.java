package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.scenarios.LockScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class LocksOnLakegateTest extends LockScenarios {
    @Override protected MetastoreTarget target() { return Targets.lakegate(); }
}
