package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.TypeScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class TypesOnRealHmsTest extends TypeScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
