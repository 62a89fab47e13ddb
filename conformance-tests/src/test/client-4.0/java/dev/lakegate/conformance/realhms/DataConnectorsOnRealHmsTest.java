package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.DataConnectorScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class DataConnectorsOnRealHmsTest extends DataConnectorScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
