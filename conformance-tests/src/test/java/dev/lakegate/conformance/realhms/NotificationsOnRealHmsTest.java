package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.NotificationScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class NotificationsOnRealHmsTest extends NotificationScenarios {
    @Override protected MetastoreTarget target() { return Targets.realHms(); }
}
