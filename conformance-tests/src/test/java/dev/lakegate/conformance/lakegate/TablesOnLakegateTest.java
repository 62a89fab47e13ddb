package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.scenarios.TableScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class TablesOnLakegateTest extends TableScenarios {
    @Override protected MetastoreTarget target() { return Targets.lakegate(); }
}
