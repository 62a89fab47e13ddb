package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.IcebergScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class IcebergOnRealHmsTest extends IcebergScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
