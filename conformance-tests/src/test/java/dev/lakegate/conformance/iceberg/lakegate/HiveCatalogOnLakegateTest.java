package dev.lakegate.conformance.iceberg.lakegate;

import dev.lakegate.conformance.gaps.KnownGaps;
import dev.lakegate.conformance.iceberg.HiveCatalogScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(KnownGaps.class)
class HiveCatalogOnLakegateTest extends HiveCatalogScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.lakegate();
    }
}
