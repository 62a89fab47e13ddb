package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.PaimonScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class PaimonOnRealHmsTest extends PaimonScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
