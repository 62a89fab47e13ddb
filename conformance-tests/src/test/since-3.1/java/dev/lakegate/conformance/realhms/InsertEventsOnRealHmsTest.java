package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.InsertEventScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class InsertEventsOnRealHmsTest extends InsertEventScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
