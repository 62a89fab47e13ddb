package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.gaps.KnownGaps;
import dev.lakegate.conformance.scenarios.PartitionEventScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(KnownGaps.class)
class PartitionEventsOnLakegateTest extends PartitionEventScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.lakegate();
    }
}
