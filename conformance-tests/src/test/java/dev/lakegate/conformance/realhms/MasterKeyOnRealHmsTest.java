package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.MasterKeyScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class MasterKeyOnRealHmsTest extends MasterKeyScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
