package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.scenarios.IcebergScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class IcebergOnLakegateTest extends IcebergScenarios {
    @Override protected MetastoreTarget target() { return Targets.lakegate(); }
}
