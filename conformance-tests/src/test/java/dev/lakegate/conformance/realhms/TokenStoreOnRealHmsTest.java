package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.TokenStoreScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class TokenStoreOnRealHmsTest extends TokenStoreScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
