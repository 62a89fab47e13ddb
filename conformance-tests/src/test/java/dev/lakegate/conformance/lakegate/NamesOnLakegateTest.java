package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.scenarios.NameScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class NamesOnLakegateTest extends NameScenarios {
    @Override protected MetastoreTarget target() { return Targets.lakegate(); }
}
