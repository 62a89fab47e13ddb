package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.StatisticsScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class StatisticsOnRealHmsTest extends StatisticsScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
