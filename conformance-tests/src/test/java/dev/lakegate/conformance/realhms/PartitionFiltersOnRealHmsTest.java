package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.PartitionFilterScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class PartitionFiltersOnRealHmsTest extends PartitionFilterScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
