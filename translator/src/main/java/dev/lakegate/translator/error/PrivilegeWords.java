package dev.lakegate.translator.error;

import java.util.Map;

/**
 * HMS's words for refused grants and revokes of privileges (ObjectStore's grantPrivileges and revokePrivileges,
 * 3.1.3 and 4.0.1 alike). HMS's handler wraps its store's InvalidObjectException and NoSuchObjectException as
 * a MetaException "Got exception: &lt;class&gt; &lt;message&gt;"; a MetaException of its store passes as it is.
 */
final class PrivilegeWords {

    private static final String API = "org.apache.hadoop.hive.metastore.api.";

    private PrivilegeWords() {}

    static HmsFailure alreadyGranted(Map<String, String> metadata) {
        String privilege = metadata.get("privilege");
        String db = metadata.get("namespace");
        String table = metadata.get("table");
        String partition = metadata.getOrDefault("partition", "");
        String on = switch (metadata.getOrDefault("kind", "")) {
            case "NAMESPACE" -> " on database " + db;
            case "TABLE" -> " on table [" + db + "," + table + "]";
            case "PARTITION" -> " on partition [" + db + "," + table + "," + partition + "]";
            case "COLUMN" ->
                " on column " + metadata.get("column") + " [" + db + "," + table
                        + (partition.isEmpty() ? "" : "," + partition) + "]";
            default -> "";
        };
        return wrapped(
                "InvalidObjectException", privilege + " is already granted" + on + " by " + metadata.get("grantor"));
    }

    static HmsFailure grantNotFound(Map<String, String> metadata) {
        String privilege = metadata.get("privilege");
        if ("true".equals(metadata.get("grant_option"))) {
            return HmsFailure.meta(
                    "User " + metadata.get("principal") + " does not have grant option with privilege " + privilege);
        }
        String db = metadata.get("namespace");
        String onTable = "No grant (" + privilege + ") found  on table " + metadata.get("table");
        String partition = metadata.getOrDefault("partition", "");
        String message = switch (metadata.getOrDefault("kind", "")) {
            case "NAMESPACE" -> "No database grant found for privileges " + privilege + " on database " + db;
            case "TABLE" -> onTable + ", database is " + db;
            case "PARTITION" -> onTable + ", partition is " + partition + ", database is " + db;
            case "COLUMN" ->
                onTable + (partition.isEmpty() ? "" : ", partition is " + partition) + ", column name = "
                        + metadata.get("column") + ", database is " + db;
            default -> "No user grant found for privileges " + privilege;
        };
        return wrapped("InvalidObjectException", message);
    }

    /** A grant or revoke on a database that is not there (HMS's store's getMDatabase). */
    static HmsFailure noDatabase(Map<String, String> metadata) {
        return wrapped(
                "NoSuchObjectException",
                "There is no database " + metadata.get("catalog") + "." + metadata.get("namespace"));
    }

    /** A grant to a role that is not there (HMS's store's validateRole). */
    static HmsFailure noRole(Map<String, String> metadata) {
        return wrapped("NoSuchObjectException", "Role " + metadata.get("role") + " does not exist");
    }

    private static HmsFailure wrapped(String exception, String message) {
        return HmsFailure.meta("Got exception: " + API + exception + " " + message);
    }
}
