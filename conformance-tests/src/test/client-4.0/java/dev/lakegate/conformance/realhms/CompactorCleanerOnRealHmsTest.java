package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.CompactorCleanerScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class CompactorCleanerOnRealHmsTest extends CompactorCleanerScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
