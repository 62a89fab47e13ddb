package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.CompactorWorkerScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class CompactorWorkerOnRealHmsTest extends CompactorWorkerScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
