package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.ConcurrencyScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class ConcurrencyOnRealHmsTest extends ConcurrencyScenarios {
    @Override protected MetastoreTarget target() { return Targets.realHms(); }
}
