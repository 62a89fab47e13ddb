package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.scenarios.PartitionFilterScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class PartitionFiltersOnLakegateTest extends PartitionFilterScenarios {
    @Override protected MetastoreTarget target() { return Targets.lakegate(); }
}
