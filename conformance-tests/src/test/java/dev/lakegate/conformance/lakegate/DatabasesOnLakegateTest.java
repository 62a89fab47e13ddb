package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.scenarios.DatabaseScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class DatabasesOnLakegateTest extends DatabaseScenarios {
    @Override protected MetastoreTarget target() { return Targets.lakegate(); }
}
