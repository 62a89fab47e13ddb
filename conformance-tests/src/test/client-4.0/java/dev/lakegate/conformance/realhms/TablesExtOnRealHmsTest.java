package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.TablesExtScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class TablesExtOnRealHmsTest extends TablesExtScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
