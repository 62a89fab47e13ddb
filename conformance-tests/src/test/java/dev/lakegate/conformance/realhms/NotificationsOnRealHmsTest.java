package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.NotificationScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class NotificationsOnRealHmsTest extends NotificationScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
