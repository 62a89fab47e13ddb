package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.MetastoreIdentityScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class MetastoreIdentityOnRealHmsTest extends MetastoreIdentityScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
