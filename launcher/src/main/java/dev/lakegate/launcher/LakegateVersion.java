package dev.lakegate.launcher;

import picocli.CommandLine;

final class LakegateVersion implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = Lakegate.class.getPackage().getImplementationVersion();
        return new String[] {"lakegate " + (version == null ? "(development build)" : version)};
    }
}
