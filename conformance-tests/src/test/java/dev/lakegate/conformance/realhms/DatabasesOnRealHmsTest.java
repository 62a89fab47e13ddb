package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.DatabaseScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class DatabasesOnRealHmsTest extends DatabaseScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
