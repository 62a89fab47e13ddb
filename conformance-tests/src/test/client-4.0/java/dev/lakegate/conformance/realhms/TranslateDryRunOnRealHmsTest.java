package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.TranslateDryRunScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class TranslateDryRunOnRealHmsTest extends TranslateDryRunScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
