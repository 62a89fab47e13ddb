package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.CommitKeyValueScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class CommitKeyValueOnRealHmsTest extends CommitKeyValueScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
