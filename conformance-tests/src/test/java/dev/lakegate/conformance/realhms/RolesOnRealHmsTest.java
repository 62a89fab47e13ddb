package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.RoleScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class RolesOnRealHmsTest extends RoleScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
