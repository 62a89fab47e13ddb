package dev.lakegate.translator.error;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.translator.error.HmsCall.Operation;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchLockException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;

/**
 * The one table from a catalog failure (its {@link dev.lakegate.catalog.v1.ErrorReason}) and the HMS
 * call to the failure HMS reports, in HMS 4.0's words where clients read them (3.1's differ where
 * noted). The facade applies it to every catalog failure of a call (CatalogCalls.run).
 */
public final class CatalogErrors {

    private CatalogErrors() {}

    public static HmsFailure toHms(CatalogFailure failure, HmsCall call) {
        requireNonNull(failure, "failure is null");
        requireNonNull(call, "call is null");
        Map<String, String> metadata = failure.metadata();
        Operation op = call.operation();
        return switch (failure.reason()) {
            // get_database, create_function: "database hive.db" (3.1: just "db").
            case NAMESPACE_NOT_FOUND ->
                "privilege".equals(metadata.get("change"))
                        ? PrivilegeWords.noDatabase(metadata)
                        : op == Operation.ADD_PARTITIONS
                                ? HmsWords.noTableToAddPartitionTo()
                                : HmsWords.noSuchDatabase(call.catalog(), call.database());
            case TABLE_NOT_FOUND ->
                switch (op) {
                    case ALTER ->
                        HmsFailure.of(
                                "table " + call.qualifiedTable() + " doesn't exist",
                                InvalidOperationException.class,
                                NoSuchObjectException.class,
                                MetaException.class);
                    case ADD_PARTITIONS ->
                        HmsFailure.of(
                                "Unable to add partitions because " + call.qualifiedTable() + " does not exist",
                                InvalidObjectException.class,
                                NoSuchObjectException.class,
                                MetaException.class);
                    default -> HmsWords.tableNotFound(call.qualifiedTable());
                };
            case PARTITION_NOT_FOUND ->
                op == Operation.DROP
                        ? HmsFailure.of(
                                "Partition doesn't exist. " + call.partitionValues(),
                                NoSuchObjectException.class,
                                MetaException.class)
                        : HmsWords.partitionNotFound(call.partitionValues());
            case FUNCTION_NOT_FOUND ->
                op == Operation.READ
                        ? HmsFailure.of(
                                "Function " + call.rawDatabase() + "." + call.function() + " does not exist",
                                NoSuchObjectException.class,
                                MetaException.class)
                        : HmsFailure.of(
                                "Function " + call.function() + " does not exist",
                                NoSuchObjectException.class,
                                InvalidOperationException.class,
                                MetaException.class);
            case LEASE_NOT_FOUND ->
                HmsFailure.of(
                        (op == Operation.HEARTBEAT ? "No such lock: " : "No such lock ") + "lockid:" + call.lockId(),
                        NoSuchLockException.class,
                        MetaException.class);
            case SNAPSHOT_NOT_FOUND ->
                HmsFailure.of(failure.message(), NoSuchObjectException.class, MetaException.class);
            // The facade words constraint failures HMS's way before it calls; these reach a client only
            // when a concurrent writer won in between.
            case CONSTRAINT_NOT_FOUND ->
                HmsFailure.of(failure.message(), NoSuchObjectException.class, MetaException.class);
            case CONSTRAINT_ALREADY_EXISTS ->
                HmsFailure.of(failure.message(), InvalidObjectException.class, MetaException.class);
            case NAMESPACE_ALREADY_EXISTS -> HmsWords.databaseAlreadyExists(call.database());
            case TABLE_ALREADY_EXISTS ->
                op == Operation.ALTER && call.newTable() != null
                        ? HmsWords.renamedTableExists(call.newDatabase(), call.newTable())
                        : HmsWords.tableAlreadyExists(call.qualifiedTable());
            case PARTITION_ALREADY_EXISTS -> HmsWords.partitionAlreadyExists(call.partitionValues());
            case FUNCTION_ALREADY_EXISTS ->
                HmsFailure.of(
                        "Function " + call.function() + " already exists",
                        AlreadyExistsException.class,
                        MetaException.class);
            case NAMESPACE_NOT_EMPTY ->
                HmsWords.databaseNotEmpty(call.database(), "0".equals(metadata.get("tables")) ? "functions" : "tables");
            case REQUIREMENT_FAILED -> requirementFailed(failure, call);
            case COMMIT_CONFLICT, ETAG_MISMATCH ->
                call.expectedKey() != null
                        ? HmsFailure.meta("The table has been modified. The parameter value for key '"
                                + call.expectedKey() + "' is different")
                        : HmsFailure.meta(failure.message());
            case INVALID_ARGUMENT ->
                HmsFailure.of(
                        failure.message(),
                        InvalidObjectException.class,
                        InvalidOperationException.class,
                        MetaException.class);
            // The facade checks catalogs before it calls; these reach a client when a concurrent writer won.
            case CATALOG_NOT_FOUND ->
                HmsFailure.of(
                        "No catalog " + metadata.getOrDefault("catalog", call.catalog()),
                        NoSuchObjectException.class,
                        InvalidObjectException.class,
                        MetaException.class);
            case CATALOG_ALREADY_EXISTS ->
                HmsFailure.of(
                        "Catalog " + metadata.get("catalog") + " already exists",
                        AlreadyExistsException.class,
                        MetaException.class);
            case CATALOG_NOT_EMPTY ->
                HmsFailure.invalidOperation("There are non-default databases in the catalog " + metadata.get("catalog")
                        + " so it cannot be dropped.");
            case NOT_PARTITIONED ->
                HmsFailure.of("Table " + call.qualifiedTable() + " is not partitioned", MetaException.class);
            case SCHEDULED_QUERY_ALREADY_EXISTS -> ScheduledQueryWords.alreadyExists(metadata);
            case SCHEDULED_QUERY_NOT_FOUND -> ScheduledQueryWords.notFound(metadata, op);
            case INVALID_STATE_CHANGE -> ScheduledQueryWords.stateChange(metadata);
            // Areas word what HMS words for the objects they keep opaque; these reach a client when a
            // concurrent writer won between an area's read and its write.
            case OPAQUE_OBJECT_NOT_FOUND ->
                HmsFailure.of(failure.message(), NoSuchObjectException.class, MetaException.class);
            case OPAQUE_OBJECT_ALREADY_EXISTS ->
                HmsFailure.of(failure.message(), AlreadyExistsException.class, MetaException.class);
            case OPAQUE_OBJECT_CHANGED -> HmsFailure.meta(failure.message() + ": changed concurrently, try again");
            case ROLE_NOT_FOUND ->
                "privilege".equals(metadata.get("change"))
                        ? PrivilegeWords.noRole(metadata)
                        : RoleWords.notFound(metadata);
            case ROLE_ALREADY_EXISTS -> RoleWords.alreadyExists(metadata);
            case ROLE_GRANT_ALREADY_EXISTS -> RoleWords.grantExists(metadata);
            case ROLE_GRANT_NOT_FOUND -> RoleWords.grantNotFound(metadata);
            case ROLE_CYCLE -> RoleWords.cycle(metadata);
            case BUILT_IN_ROLE -> RoleWords.builtIn(metadata);
            case PRIVILEGE_ALREADY_GRANTED -> PrivilegeWords.alreadyGranted(metadata);
            case PRIVILEGE_GRANT_NOT_FOUND -> PrivilegeWords.grantNotFound(metadata);
            case PERMISSION_DENIED -> AuthorizationWords.denied(metadata);
            case SCHEDULED_EXECUTION_NOT_FOUND,
                    STORE_UNAVAILABLE,
                    INTERNAL_ERROR,
                    ERROR_REASON_UNSPECIFIED,
                    UNRECOGNIZED -> HmsFailure.meta(failure.message());
        };
    }

    /** The failure HMS reports for {@code call} as if the catalog had answered with {@code reason}. */
    public static HmsFailure toHms(ErrorReason reason, HmsCall call) {
        return toHms(new CatalogFailure(reason, reason.name(), Map.of()), call);
    }

    /**
     * A failed compare-and-swap of {@code alter_table}: HiveAlterHandler's words, which Iceberg's and
     * Trino's commits read to tell a lost race (retry) from other failures.
     */
    private static HmsFailure requirementFailed(CatalogFailure failure, HmsCall call) {
        Map<String, String> metadata = failure.metadata();
        if (call.expectedKey() != null
                && "property".equals(metadata.get("requirement"))
                && call.expectedKey().equals(metadata.get("key"))) {
            String actual = "true".equals(metadata.get("actual_present")) ? metadata.get("actual") : "null";
            return HmsFailure.meta("The table has been modified. The parameter value for key '" + call.expectedKey()
                    + "' is '" + actual + "'. The expected was value was '" + call.expectedValue() + "'");
        }
        return HmsFailure.meta(failure.message());
    }
}
