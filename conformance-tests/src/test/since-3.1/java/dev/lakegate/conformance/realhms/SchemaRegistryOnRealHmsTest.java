package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.SchemaRegistryScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class SchemaRegistryOnRealHmsTest extends SchemaRegistryScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
