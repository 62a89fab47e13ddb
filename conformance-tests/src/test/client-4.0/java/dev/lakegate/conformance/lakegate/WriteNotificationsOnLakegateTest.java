package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.gaps.KnownGaps;
import dev.lakegate.conformance.scenarios.WriteNotificationScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(KnownGaps.class)
class WriteNotificationsOnLakegateTest extends WriteNotificationScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.lakegate();
    }
}
