package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.ConstraintScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class ConstraintsOnRealHmsTest extends ConstraintScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
