package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.PartitionValueScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class PartitionValuesOnRealHmsTest extends PartitionValueScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
