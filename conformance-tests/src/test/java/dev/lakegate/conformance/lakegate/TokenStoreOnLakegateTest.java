package dev.lakegate.conformance.lakegate;

import dev.lakegate.conformance.gaps.KnownGaps;
import dev.lakegate.conformance.scenarios.TokenStoreScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(KnownGaps.class)
class TokenStoreOnLakegateTest extends TokenStoreScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.lakegate();
    }
}
