package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.SeedScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class SeedsOnRealHmsTest extends SeedScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
