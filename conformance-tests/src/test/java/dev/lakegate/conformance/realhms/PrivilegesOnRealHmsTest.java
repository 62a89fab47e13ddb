package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.PrivilegeScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class PrivilegesOnRealHmsTest extends PrivilegeScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
