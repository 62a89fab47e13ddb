package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.LocationScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class LocationOnRealHmsTest extends LocationScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
