package dev.lakegate.translator.error;

import java.util.Map;

/**
 * HMS's words for refused changes of roles. Every role call declares only MetaException; HMS's handler
 * wraps its store's exceptions as "Got exception: &lt;class&gt; &lt;message&gt;".
 */
final class RoleWords {

    private static final String API = "org.apache.hadoop.hive.metastore.api.";

    private RoleWords() {}

    static HmsFailure notFound(Map<String, String> metadata) {
        return wrapped("NoSuchObjectException", metadata.get("role") + " role can not be found.");
    }

    static HmsFailure alreadyExists(Map<String, String> metadata) {
        return wrapped("InvalidObjectException", "Role " + metadata.get("role") + " already exists.");
    }

    static HmsFailure grantExists(Map<String, String> metadata) {
        return wrapped(
                "InvalidObjectException",
                "Principal " + metadata.get("member") + " already has the role " + metadata.get("role"));
    }

    /** A revoke of a grant option the member does not hold (the facade lets a revoke of a grant not held pass). */
    static HmsFailure grantNotFound(Map<String, String> metadata) {
        return HmsFailure.meta(
                "User " + metadata.get("member") + " does not have grant option with role " + metadata.get("role"));
    }

    static HmsFailure cycle(Map<String, String> metadata) {
        String role = metadata.get("role");
        String member = metadata.get("member");
        return HmsFailure.meta("Cannot grant role " + member + " to " + role + " as " + role
                + " already belongs to the role " + member + ". (no cycles allowed)");
    }

    /** admin and public, which HMS makes at its start. */
    static HmsFailure builtIn(Map<String, String> metadata) {
        return HmsFailure.meta(
                switch (metadata.getOrDefault("change", "")) {
                    case "create" -> "public role implicitly exists. It can't be created.";
                    case "drop" -> "public,admin roles can't be dropped.";
                    case "grant" -> "No user can be added to public. Since all users implicitly belong to public role.";
                    case "revoke" -> "public role can't be revoked.";
                    default -> "role " + metadata.get("role") + " is built in";
                });
    }

    private static HmsFailure wrapped(String exception, String message) {
        return HmsFailure.meta("Got exception: " + API + exception + " " + message);
    }
}
