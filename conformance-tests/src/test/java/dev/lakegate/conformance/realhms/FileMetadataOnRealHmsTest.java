package dev.lakegate.conformance.realhms;

import dev.lakegate.conformance.scenarios.FileMetadataScenarios;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;

class FileMetadataOnRealHmsTest extends FileMetadataScenarios {
    @Override
    protected MetastoreTarget target() {
        return Targets.realHms();
    }
}
