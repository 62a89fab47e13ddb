package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.ConcurrencyScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class ConcurrencyOnRealHmsTest extends ConcurrencyScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
