package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.hive.metastore.api.AddPackageRequest;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.DropPackageRequest;
import org.apache.hadoop.hive.metastore.api.GetPackageRequest;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.ListPackageRequest;
import org.apache.hadoop.hive.metastore.api.ListStoredProcedureRequest;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.StoredProcedure;
import org.apache.hadoop.hive.metastore.api.StoredProcedureRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** HPL/SQL's stored procedures and packages through a raw Hive 4.1 Thrift client against a real catalog. */
class HplSqlCallsTest extends CallsOverThrift {

    @BeforeEach
    void start() throws Exception {
        client.create_database(new Database("Sales", "", null, null));
    }

    @Test
    void proceduresAreKeptPerDatabaseByTheirNameAsGiven() throws Exception {
        client.create_stored_procedure(new StoredProcedure("Greet", "SALES", "hive", "alice", "v1"));
        client.create_stored_procedure(new StoredProcedure("Greet", "sales", "hive", "bob", "v2"));
        client.create_stored_procedure(new StoredProcedure("other", "sales", "hive", "bob", "x"));
        StoredProcedure read = client.get_stored_procedure(new StoredProcedureRequest("hive", "Sales", "Greet"));
        assertThat(read.getSource()).isEqualTo("v2");
        assertThat(read.getDbName()).isEqualTo("sales");
        assertThatThrownBy(() -> client.get_stored_procedure(new StoredProcedureRequest("hive", "sales", "greet")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("HPL/SQL StoredProcedure sales.greet does not exist");
        ListStoredProcedureRequest list = new ListStoredProcedureRequest("hive");
        list.setDbName("sales");
        assertThat(client.get_all_stored_procedures(list)).containsExactly("Greet", "other");
        assertThatThrownBy(() -> client.create_stored_procedure(new StoredProcedure("p", "none", "hive", "a", "x")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("There is no database hive.none");

        client.drop_stored_procedure(new StoredProcedureRequest("hive", "sales", "other"));
        client.drop_stored_procedure(new StoredProcedureRequest("hive", "sales", "other"));
        assertThat(client.get_all_stored_procedures(list)).containsExactly("Greet");
    }

    @Test
    void packagesAndTheDropOfTheirDatabase() throws Exception {
        client.add_package(new AddPackageRequest("hive", "sales", "Tools", "alice", "h", "b"));
        assertThat(client.find_package(new GetPackageRequest("hive", "sales", "Tools"))
                        .getBody())
                .isEqualTo("b");
        ListPackageRequest list = new ListPackageRequest("hive");
        list.setDbName("sales");
        assertThat(client.get_all_packages(list)).containsExactly("Tools");

        assertThatThrownBy(() -> client.drop_database("sales", true, false))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("Database sales is not empty. One or more packages exist.");
        client.create_stored_procedure(new StoredProcedure("p", "sales", "hive", "a", "x"));
        assertThatThrownBy(() -> client.drop_database("sales", true, false))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("Database sales is not empty. One or more stored procedures exist.");

        client.drop_database("sales", true, true);
        client.create_database(new Database("sales", "", null, null));
        assertThat(client.get_all_packages(list)).as("the cascade took them").isEmpty();
        assertThat(client.get_all_stored_procedures(new ListStoredProcedureRequest("hive")))
                .isEmpty();
        client.drop_package(new DropPackageRequest("hive", "sales", "Tools"));
    }
}
