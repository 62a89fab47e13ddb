package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.gaps.KnownGaps;
import dev.lakegate.conformance.scenarios.NameScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(KnownGaps.class)
class NamesOnLakegateTest extends NameScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.lakegate();
    }
}
