package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.CommitConflictCheckScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class CommitConflictChecksOnRealHmsTest extends CommitConflictCheckScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
