package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.RuntimeStatsScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class RuntimeStatsOnRealHmsTest extends RuntimeStatsScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
