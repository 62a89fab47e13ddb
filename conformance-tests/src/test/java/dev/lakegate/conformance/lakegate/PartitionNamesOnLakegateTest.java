package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.scenarios.PartitionNameScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class PartitionNamesOnLakegateTest extends PartitionNameScenarios {
    @Override protected MetastoreTarget target() { return Targets.lakegate(); }
}
