package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.PartitionRequestScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class PartitionRequestsOnRealHmsTest extends PartitionRequestScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
