package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.gaps.KnownGaps;
import dev.lakegate.conformance.scenarios.PrivilegeRefreshScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(KnownGaps.class)
class PrivilegeRefreshOnLakegateTest extends PrivilegeRefreshScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.lakegate();
    }
}
