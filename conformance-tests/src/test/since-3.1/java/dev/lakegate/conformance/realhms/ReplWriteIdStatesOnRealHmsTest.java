package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.ReplWriteIdStateScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class ReplWriteIdStatesOnRealHmsTest extends ReplWriteIdStateScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
