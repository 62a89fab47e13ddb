package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.DatabaseScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class DatabasesOnRealHmsTest extends DatabaseScenarios {
    @Override protected MetastoreTarget target() { return Targets.realHms(); }
}
