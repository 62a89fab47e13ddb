package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.ErrorScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class ErrorsOnRealHmsTest extends ErrorScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
