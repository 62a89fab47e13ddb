package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.PartitionScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class PartitionsOnRealHmsTest extends PartitionScenarios {
    @Override protected MetastoreTarget target() { return Targets.realHms(); }
}
