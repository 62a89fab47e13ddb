package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.MaterializationRebuildLockScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class MaterializationRebuildLocksOnRealHmsTest extends MaterializationRebuildLockScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
