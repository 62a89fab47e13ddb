package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.WriteNotificationScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class WriteNotificationsOnRealHmsTest extends WriteNotificationScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHmsOnPostgres();
    }
}
