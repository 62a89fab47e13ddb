package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.ValidationScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class ValidationOnRealHmsTest extends ValidationScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
