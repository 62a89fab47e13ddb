package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.PartitionEventScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class PartitionEventsOnRealHmsTest extends PartitionEventScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
