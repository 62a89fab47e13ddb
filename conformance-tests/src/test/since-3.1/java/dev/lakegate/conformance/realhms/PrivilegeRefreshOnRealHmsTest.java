package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.PrivilegeRefreshScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class PrivilegeRefreshOnRealHmsTest extends PrivilegeRefreshScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
