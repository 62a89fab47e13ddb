package dev.lakegate.conformance.scenarios;

import dev.lakegate.conformance.targets.Targets;

/**
 * What the scenarios expect is what the reference release of this run does (the oracle), whatever target
 * a scenario runs on: so a fact that differs between releases asks here which release is the reference.
 */
public final class Reference {

    private Reference() {}

    /** The HMS release whose behaviour the scenarios assert, e.g. {@code 3.1.3}. */
    public static String version() {
        return Targets.referenceServerVersion();
    }

    /** Whether the reference is a Hive 4 metastore (4.0.0 or 4.0.1). */
    public static boolean hive4() {
        return version().startsWith("4.");
    }

    /** Whether the reference writes the notification log (3.1.3 does; no 4.0.x listener is published). */
    public static boolean notifications() {
        return Targets.hmsServer(version()).notificationListener().isPresent();
    }

    /** The user the client runs as, which Hive 4 records as the owner of what it creates. */
    public static String user() {
        return System.getProperty("user.name");
    }
}
