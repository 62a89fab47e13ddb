package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.TableScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class TablesOnRealHmsTest extends TableScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
