package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.ExchangeScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class ExchangeOnRealHmsTest extends ExchangeScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
