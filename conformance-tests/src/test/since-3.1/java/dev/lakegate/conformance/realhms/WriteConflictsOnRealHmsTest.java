package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.WriteConflictScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class WriteConflictsOnRealHmsTest extends WriteConflictScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
