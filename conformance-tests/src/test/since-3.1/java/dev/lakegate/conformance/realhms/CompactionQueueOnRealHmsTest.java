package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.CompactionQueueScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class CompactionQueueOnRealHmsTest extends CompactionQueueScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
