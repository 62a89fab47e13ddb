package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.PartitionNameScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class PartitionNamesOnRealHmsTest extends PartitionNameScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
