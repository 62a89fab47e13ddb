package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.FunctionScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class FunctionsOnRealHmsTest extends FunctionScenarios {
    @Override protected MetastoreTarget target() { return Targets.realHms(); }
}
