package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.FunctionScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class FunctionsOnRealHmsTest extends FunctionScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
