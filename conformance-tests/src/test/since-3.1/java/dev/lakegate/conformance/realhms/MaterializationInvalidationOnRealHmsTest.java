package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.MaterializationInvalidationScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class MaterializationInvalidationOnRealHmsTest extends MaterializationInvalidationScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
