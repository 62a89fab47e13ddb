package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.scenarios.NotificationScenarios;
import dev.lakegate.conformance.target.MetastoreTarget;
import dev.lakegate.conformance.target.Targets;

class NotificationsOnLakegateTest extends NotificationScenarios {
    @Override protected MetastoreTarget target() { return Targets.lakegate(); }
}
