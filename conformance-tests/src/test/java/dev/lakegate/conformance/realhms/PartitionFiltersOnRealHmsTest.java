package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.PartitionFilterScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class PartitionFiltersOnRealHmsTest extends PartitionFilterScenarios {
    @Override protected MetastoreTarget target() { return Targets.realHms(); }
}
