package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.TableScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class TablesOnRealHmsTest extends TableScenarios {
    @Override protected MetastoreTarget target() { return Targets.realHms(); }
}
