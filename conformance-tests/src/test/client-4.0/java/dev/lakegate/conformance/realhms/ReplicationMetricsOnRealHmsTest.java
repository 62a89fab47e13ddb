package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.ReplicationMetricsScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class ReplicationMetricsOnRealHmsTest extends ReplicationMetricsScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
