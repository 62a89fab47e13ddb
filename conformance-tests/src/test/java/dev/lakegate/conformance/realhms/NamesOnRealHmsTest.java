package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.NameScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class NamesOnRealHmsTest extends NameScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
