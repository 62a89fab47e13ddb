package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.scenarios.FunctionScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class FunctionsOnLakegateTest extends FunctionScenarios {
    @Override protected MetastoreTarget target() { return Targets.lakegate(); }
}
