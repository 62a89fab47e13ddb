package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.IcebergScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class IcebergOnRealHmsTest extends IcebergScenarios {
    @Override protected MetastoreTarget target() { return Targets.realHms(); }
}
