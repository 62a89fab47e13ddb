package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.scenarios.PartitionScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class PartitionsOnLakegateTest extends PartitionScenarios {
    @Override protected MetastoreTarget target() { return Targets.lakegate(); }
}
