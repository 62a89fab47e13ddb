package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.MaterializationSnapshotScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class MaterializationSnapshotOnRealHmsTest extends MaterializationSnapshotScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
