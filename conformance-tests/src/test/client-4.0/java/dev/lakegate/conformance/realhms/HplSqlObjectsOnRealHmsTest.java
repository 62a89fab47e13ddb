package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.HplSqlObjectScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class HplSqlObjectsOnRealHmsTest extends HplSqlObjectScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
