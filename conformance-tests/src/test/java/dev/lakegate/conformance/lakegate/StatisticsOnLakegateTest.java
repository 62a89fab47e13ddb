package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.scenarios.StatisticsScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class StatisticsOnLakegateTest extends StatisticsScenarios {
    @Override protected MetastoreTarget target() { return Targets.lakegate(); }
}
