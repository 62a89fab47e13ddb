package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.ChangeManagementScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class ChangeManagementOnRealHmsTest extends ChangeManagementScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
