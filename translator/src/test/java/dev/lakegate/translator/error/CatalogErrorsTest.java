package dev.lakegate.translator.error;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.translator.error.HmsCall.Operation;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchLockException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.UnknownTableException;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;
import org.junit.jupiter.api.Test;

/** The error table, row by row: reason and call in, the HMS exception the method declares out. */
class CatalogErrorsTest {

    private static final HmsCall GET_TABLE = HmsCall.table(Operation.READ, "sales", "orders");

    @Test
    void missingObjectsAreNoSuchObject() {
        assertThrown(
                "get_table_req",
                ErrorReason.TABLE_NOT_FOUND,
                GET_TABLE,
                NoSuchObjectException.class,
                "hive.sales.orders table not found");
        assertThrown(
                "get_table",
                ErrorReason.TABLE_NOT_FOUND,
                GET_TABLE,
                NoSuchObjectException.class,
                "hive.sales.orders table not found");
        assertThrown(
                "get_database",
                ErrorReason.NAMESPACE_NOT_FOUND,
                HmsCall.database(Operation.READ, "sales"),
                NoSuchObjectException.class,
                "database hive.sales");
        assertThrown(
                "get_function",
                ErrorReason.FUNCTION_NOT_FOUND,
                HmsCall.function(Operation.READ, "sales", "f").withRawDatabase("@hive#sales"),
                NoSuchObjectException.class,
                "Function @hive#sales.f does not exist");
        assertThrown(
                "drop_function",
                ErrorReason.FUNCTION_NOT_FOUND,
                HmsCall.function(Operation.DROP, "sales", "f"),
                NoSuchObjectException.class,
                "Function f does not exist");
        assertThrown(
                "get_partition",
                ErrorReason.PARTITION_NOT_FOUND,
                GET_TABLE.withPartition(List.of("1", "2")),
                NoSuchObjectException.class,
                "partition values=[1, 2]");
        assertThrown(
                "drop_partition",
                ErrorReason.PARTITION_NOT_FOUND,
                HmsCall.table(Operation.DROP, "sales", "orders").withPartition(List.of("1")),
                NoSuchObjectException.class,
                "Partition doesn't exist. [1]");
        assertThrown(
                "create_function",
                ErrorReason.NAMESPACE_NOT_FOUND,
                HmsCall.function(Operation.CREATE, "nope", "f"),
                NoSuchObjectException.class,
                "database hive.nope");
    }

    @Test
    void aMethodThatDeclaresNoNoSuchObjectGetsTheNextFit() {
        assertThrown(
                "get_fields",
                ErrorReason.TABLE_NOT_FOUND,
                GET_TABLE,
                UnknownTableException.class,
                "hive.sales.orders table not found");
        assertThrown(
                "alter_table",
                ErrorReason.TABLE_NOT_FOUND,
                HmsCall.table(Operation.ALTER, "sales", "orders"),
                InvalidOperationException.class,
                "table hive.sales.orders doesn't exist");
        assertThrown(
                "add_partition",
                ErrorReason.TABLE_NOT_FOUND,
                HmsCall.table(Operation.ADD_PARTITIONS, "sales", "orders"),
                InvalidObjectException.class,
                "Unable to add partitions because hive.sales.orders does not exist");
        assertThrown(
                "get_all_functions",
                ErrorReason.FUNCTION_NOT_FOUND,
                HmsCall.function(Operation.READ, "s", "f"),
                MetaException.class,
                "Function s.f does not exist");
    }

    @Test
    void duplicatesAndRenames() {
        assertThrown(
                "create_table",
                ErrorReason.TABLE_ALREADY_EXISTS,
                HmsCall.table(Operation.CREATE, "sales", "orders"),
                AlreadyExistsException.class,
                "Table hive.sales.orders already exists");
        assertThrown(
                "create_database",
                ErrorReason.NAMESPACE_ALREADY_EXISTS,
                HmsCall.database(Operation.CREATE, "sales"),
                AlreadyExistsException.class,
                "Database sales already exists");
        assertThrown(
                "create_function",
                ErrorReason.FUNCTION_ALREADY_EXISTS,
                HmsCall.function(Operation.CREATE, "s", "f"),
                AlreadyExistsException.class,
                "Function f already exists");
        assertThrown(
                "add_partition",
                ErrorReason.PARTITION_ALREADY_EXISTS,
                HmsCall.table(Operation.ADD_PARTITIONS, "sales", "orders").withPartition(List.of("1")),
                AlreadyExistsException.class,
                "Partition already exists: [1]");
        assertThrown(
                "alter_table_with_environment_context",
                ErrorReason.TABLE_ALREADY_EXISTS,
                HmsCall.table(Operation.ALTER, "sales", "orders").withRename("sales", "taken"),
                InvalidOperationException.class,
                "new table sales.taken already exists");
    }

    @Test
    void nonEmptyDatabase() {
        assertThrown(
                "drop_database",
                ErrorReason.NAMESPACE_NOT_EMPTY,
                HmsCall.database(Operation.DROP, "sales"),
                Map.of("tables", "2", "functions", "0"),
                InvalidOperationException.class,
                "Database sales is not empty. One or more tables exist.");
        assertThrown(
                "drop_database",
                ErrorReason.NAMESPACE_NOT_EMPTY,
                HmsCall.database(Operation.DROP, "sales"),
                Map.of("tables", "0", "functions", "1"),
                InvalidOperationException.class,
                "Database sales is not empty. One or more functions exist.");
    }

    @Test
    void compareAndSwapOfAlterTable() {
        HmsCall alter = HmsCall.table(Operation.ALTER, "sales", "orders")
                .withExpectedParameter("metadata_location", "s3://m/1.json");
        assertThrown(
                "alter_table_with_environment_context",
                ErrorReason.REQUIREMENT_FAILED,
                alter,
                Map.of(
                        "requirement",
                        "property",
                        "key",
                        "metadata_location",
                        "actual",
                        "s3://m/2.json",
                        "actual_present",
                        "true"),
                MetaException.class,
                "The table has been modified. The parameter value for key 'metadata_location' is 's3://m/2.json'."
                        + " The expected was value was 's3://m/1.json'");
        assertThrown(
                "alter_table_with_environment_context",
                ErrorReason.REQUIREMENT_FAILED,
                alter,
                Map.of("requirement", "property", "key", "metadata_location", "actual", "", "actual_present", "false"),
                MetaException.class,
                "The table has been modified. The parameter value for key 'metadata_location' is"
                        + " 'null'. The expected was value was 's3://m/1.json'");
        assertThrown(
                "alter_table_with_environment_context",
                ErrorReason.COMMIT_CONFLICT,
                alter,
                Map.of(),
                MetaException.class,
                "The table has been modified. The parameter value for key 'metadata_location' is different");
    }

    @Test
    void locks() {
        assertThrown(
                "heartbeat",
                ErrorReason.LEASE_NOT_FOUND,
                HmsCall.lock(Operation.HEARTBEAT, 7),
                NoSuchLockException.class,
                "No such lock: lockid:7");
        assertThrown(
                "unlock",
                ErrorReason.LEASE_NOT_FOUND,
                HmsCall.lock(Operation.UNLOCK, 7),
                NoSuchLockException.class,
                "No such lock lockid:7");
        assertThrown(
                "check_lock",
                ErrorReason.LEASE_NOT_FOUND,
                HmsCall.lock(Operation.CHECK_LOCK, 7),
                NoSuchLockException.class,
                "No such lock lockid:7");
    }

    @Test
    void invalidArgumentAndTheRest() {
        assertThrown(
                "create_table",
                ErrorReason.INVALID_ARGUMENT,
                HmsCall.table(Operation.CREATE, "s", "t"),
                InvalidObjectException.class,
                "catalog says no");
        assertThrown(
                "alter_table",
                ErrorReason.INVALID_ARGUMENT,
                HmsCall.table(Operation.ALTER, "s", "t"),
                InvalidOperationException.class,
                "catalog says no");
        assertThrown(
                "get_partitions_by_filter",
                ErrorReason.INVALID_ARGUMENT,
                GET_TABLE,
                MetaException.class,
                "catalog says no");
        assertThrown("get_table_req", ErrorReason.STORE_UNAVAILABLE, GET_TABLE, MetaException.class, "catalog says no");
        assertThrown(
                "get_table_req",
                ErrorReason.ERROR_REASON_UNSPECIFIED,
                GET_TABLE,
                MetaException.class,
                "catalog says no");
    }

    @Test
    void aMethodWithoutMetaExceptionGetsAnApplicationException() {
        TException thrown = DeclaredExceptions.of("heartbeat").toThrift(HmsFailure.meta("store down"));
        assertThat(thrown).isInstanceOf(TApplicationException.class).hasMessage("store down");
        assertThat(((TApplicationException) thrown).getType()).isEqualTo(TApplicationException.INTERNAL_ERROR);
        assertThat(DeclaredExceptions.of("get_table").declared())
                .containsExactlyInAnyOrder(MetaException.class, NoSuchObjectException.class);
    }

    private static void assertThrown(
            String method, ErrorReason reason, HmsCall call, Class<? extends TException> type, String message) {
        assertThrown(method, reason, call, Map.of(), type, message);
    }

    private static void assertThrown(
            String method,
            ErrorReason reason,
            HmsCall call,
            Map<String, String> metadata,
            Class<? extends TException> type,
            String message) {
        CatalogFailure failure = new CatalogFailure(reason, "catalog says no", metadata);
        TException thrown = DeclaredExceptions.of(method).toThrift(CatalogErrors.toHms(failure, call));
        assertThat(thrown).isExactlyInstanceOf(type).hasMessage(message);
        assertThat(DeclaredExceptions.of(method).declared()).contains(type);
    }
}
