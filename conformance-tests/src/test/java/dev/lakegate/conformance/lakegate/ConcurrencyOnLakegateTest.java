package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.scenarios.ConcurrencyScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class ConcurrencyOnLakegateTest extends ConcurrencyScenarios {
    @Override protected MetastoreTarget target() { return Targets.lakegate(); }
}
