package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.MaterializedViewScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class MaterializedViewsOnRealHmsTest extends MaterializedViewScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
