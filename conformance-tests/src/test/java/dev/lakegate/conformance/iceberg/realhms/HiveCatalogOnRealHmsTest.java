package dev.lakegate.conformance.iceberg.realhms;

import dev.lakegate.conformance.iceberg.HiveCatalogScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class HiveCatalogOnRealHmsTest extends HiveCatalogScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
