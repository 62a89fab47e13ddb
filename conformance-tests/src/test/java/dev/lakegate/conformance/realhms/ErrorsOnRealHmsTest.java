package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.ErrorScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class ErrorsOnRealHmsTest extends ErrorScenarios {
    @Override protected MetastoreTarget target() { return Targets.realHms(); }
}
