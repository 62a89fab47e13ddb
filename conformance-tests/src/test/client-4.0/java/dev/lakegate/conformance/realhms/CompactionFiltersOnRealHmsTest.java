package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.CompactionFilterScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class CompactionFiltersOnRealHmsTest extends CompactionFilterScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
