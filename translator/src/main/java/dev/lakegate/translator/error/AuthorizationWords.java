package dev.lakegate.translator.error;

import java.util.Map;

/**
 * HMS's words for a call its metastore-side authorizer refused. HMS 4.0.1's HiveMetaStoreAuthorizer turns the
 * HiveAccessControlException of Hive's SQL-standard authorizer into a MetaException with the same message
 * (MetaStoreUtils.newMetaException): {@code Permission denied: Principal [name=N, type=USER] does not have
 * following privileges for operation OP [[PRIVS] on Object [type=T, name=O]]}. The operation is the one HMS's
 * events name (DROPTABLE, CREATETABLE, ALTERTABLE_ADDCOLS, ALTERTABLE_ADDPARTS, ALTERTABLE_DROPPARTS, QUERY,
 * CREATEDATABASE, DROPDATABASE, ALTERDATABASE, CREATEFUNCTION, DROPFUNCTION); the privileges are the ones the
 * catalog's policy would take (HMS's SQL-standard policy names OBJECT OWNERSHIP where the catalog also takes a
 * grant of DROP, ALTER or CREATE).
 */
final class AuthorizationWords {

    private AuthorizationWords() {}

    static HmsFailure denied(Map<String, String> metadata) {
        String principal = metadata.getOrDefault("principal", "");
        String kind = metadata.getOrDefault("object_kind", "GLOBAL");
        return HmsFailure.meta("Permission denied: Principal [name=" + principal + ", type=USER] does not have"
                + " following privileges for operation " + operation(metadata, kind) + " [[" + privileges(metadata)
                + "] on " + object(metadata, kind) + "]");
    }

    private static String operation(Map<String, String> metadata, String kind) {
        String method = metadata.getOrDefault("method", "");
        return switch (method) {
            case "DeleteTable" -> "DROPTABLE";
            case "CreateTable" -> "CREATETABLE";
            case "AddPartitions" -> "ALTERTABLE_ADDPARTS";
            case "DeletePartitions" -> "ALTERTABLE_DROPPARTS";
            case "CreateNamespace" -> "CREATEDATABASE";
            case "DeleteNamespace" -> "DROPDATABASE";
            case "UpdateNamespace" -> "ALTERDATABASE";
            case "CreateFunction" -> "CREATEFUNCTION";
            case "DeleteFunction" -> "DROPFUNCTION";
            default ->
                switch (metadata.getOrDefault("action", "")) {
                    case "read" -> "QUERY";
                    case "alter", "write_data" -> "TABLE".equals(kind) ? "ALTERTABLE_ADDCOLS" : "ALTERDATABASE";
                    default -> method.toUpperCase(java.util.Locale.ROOT);
                };
        };
    }

    private static String privileges(Map<String, String> metadata) {
        return switch (metadata.getOrDefault("action", "")) {
            case "read" -> "SELECT";
            case "admin" -> "ADMIN PRIVILEGE";
            case "manage_grants" -> "OBJECT OWNERSHIP";
            default -> String.join(", ", metadata.getOrDefault("privileges", "").split(","));
        };
    }

    private static String object(Map<String, String> metadata, String kind) {
        String namespace = metadata.getOrDefault("namespace", "");
        String name = metadata.getOrDefault("table", "");
        return switch (kind) {
            case "TABLE" -> "Object [type=TABLE_OR_VIEW, name=" + namespace + "." + name + "]";
            case "NAMESPACE" -> "Object [type=DATABASE, name=" + namespace + "]";
            case "FUNCTION" -> "Object [type=FUNCTION, name=" + namespace + "." + name + "]";
            default -> "Object [type=GLOBAL, name=" + metadata.getOrDefault("catalog", "") + "]";
        };
    }
}
