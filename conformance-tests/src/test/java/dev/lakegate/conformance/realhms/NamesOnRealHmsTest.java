package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.NameScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class NamesOnRealHmsTest extends NameScenarios {
    @Override protected MetastoreTarget target() { return Targets.realHms(); }
}
