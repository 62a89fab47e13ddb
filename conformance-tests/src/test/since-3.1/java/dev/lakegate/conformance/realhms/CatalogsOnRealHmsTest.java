package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.CatalogScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class CatalogsOnRealHmsTest extends CatalogScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
