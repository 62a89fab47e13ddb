package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.WorkloadManagementScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class WorkloadManagementOnRealHmsTest extends WorkloadManagementScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
