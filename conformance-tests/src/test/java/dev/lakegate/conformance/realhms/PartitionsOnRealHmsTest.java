package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.PartitionScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class PartitionsOnRealHmsTest extends PartitionScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
