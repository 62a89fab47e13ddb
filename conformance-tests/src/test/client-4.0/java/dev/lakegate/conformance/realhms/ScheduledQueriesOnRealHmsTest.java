package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.ScheduledQueryScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class ScheduledQueriesOnRealHmsTest extends ScheduledQueryScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
