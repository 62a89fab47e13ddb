package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.PartitionSpecScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class PartitionSpecsOnRealHmsTest extends PartitionSpecScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
