package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.AlterDataConnectorRequest;
import org.apache.hadoop.hive.metastore.api.CreateDataConnectorRequest;
import org.apache.hadoop.hive.metastore.api.DataConnector;
import org.apache.hadoop.hive.metastore.api.DropDataConnectorRequest;
import org.apache.hadoop.hive.metastore.api.GetDataConnectorRequest;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Data connectors through a raw Hive 4.1 Thrift client (HMS 4.0.1's request forms) and through
 * HMS 4.0.0's argument forms, which only 4.0.0 clients send, against a real catalog.
 */
class DataConnectorCallsTest extends CallsOverThrift {

    @BeforeEach
    void start() throws Exception {
        client.set_ugi("alice", List.of("staff"));
    }

    private static DataConnector connector(String name) {
        DataConnector connector = new DataConnector(name, "postgres", "jdbc:postgresql://127.0.0.1:5432/sales");
        connector.setParameters(Map.of("hive.sql.dbcp.username", "reader"));
        return connector;
    }

    @Test
    void theRequestFormsCreateReadListAlterAndDrop() throws Exception {
        client.create_dataconnector_req(new CreateDataConnectorRequest(connector("Sales_PG")));
        DataConnector read = client.get_dataconnector_req(new GetDataConnectorRequest("SALES_pg"));
        assertThat(read.getName()).isEqualTo("sales_pg");
        assertThat(read.getUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/sales");
        assertThat(read.getOwnerName()).as("the caller, as HMS takes its UGI").isEqualTo("alice");
        assertThat(read.getOwnerType()).isEqualTo(PrincipalType.USER);
        assertThat(read.getCreateTime()).isPositive();

        client.create_dataconnector_req(new CreateDataConnectorRequest(connector("archive")));
        assertThat(client.get_dataconnectors()).containsExactly("archive", "sales_pg");

        DataConnector changed = connector("ignored");
        changed.setUrl("jdbc:postgresql://127.0.0.1:5433/sales");
        changed.setType("mysql");
        changed.setDescription(" ");
        client.alter_dataconnector_req(new AlterDataConnectorRequest("sales_pg", changed));
        DataConnector altered = client.get_dataconnector_req(new GetDataConnectorRequest("sales_pg"));
        assertThat(altered.getName()).as("an alter never renames").isEqualTo("sales_pg");
        assertThat(altered.getType()).as("nor changes the type").isEqualTo("postgres");
        assertThat(altered.getUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5433/sales");
        assertThat(altered.getOwnerName()).as("the new connector's owner, none").isNull();

        client.drop_dataconnector_req(new DropDataConnectorRequest("SALES_PG"));
        assertThat(client.get_dataconnectors()).containsExactly("archive");
    }

    @Test
    void failuresAreHms401s() throws Exception {
        client.create_dataconnector_req(new CreateDataConnectorRequest(connector("twice")));
        assertThatThrownBy(() -> client.create_dataconnector_req(new CreateDataConnectorRequest(connector("TWICE"))))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage("DataConnector TWICE already exists");
        assertThatThrownBy(() -> client.get_dataconnector_req(new GetDataConnectorRequest("None")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Dataconnector named None does not exist:null");
        assertThatThrownBy(() -> client.alter_dataconnector_req(new AlterDataConnectorRequest("none", connector("x"))))
                .isInstanceOf(NoSuchObjectException.class);
        assertThatThrownBy(() -> client.drop_dataconnector_req(new DropDataConnectorRequest("none")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("DataConnector none doesn't exist");
        DropDataConnectorRequest ignoring = new DropDataConnectorRequest("none");
        ignoring.setIfNotExists(true);
        client.drop_dataconnector_req(ignoring);
    }

    @Test
    void hms400sArgumentFormsWork() throws Exception {
        try (OldFormCalls old = new OldFormCalls(gateway.socket())) {
            old.call("create_dataconnector", "connector", connector("old_form"));
            assertThatThrownBy(() -> old.call("create_dataconnector", "connector", connector("old_form")))
                    .isInstanceOf(AlreadyExistsException.class);
            old.call("alter_dataconnector", "name", "old_form", "connector", connector("old_form"));
            assertThat(client.get_dataconnector_req(new GetDataConnectorRequest("old_form"))
                            .getUrl())
                    .isEqualTo("jdbc:postgresql://127.0.0.1:5432/sales");
            old.call("drop_dataconnector", "name", "old_form", "ifNotExists", false, "checkReferences", true);
            assertThatThrownBy(() -> old.call(
                            "drop_dataconnector", "name", "old_form", "ifNotExists", false, "checkReferences", false))
                    .isInstanceOf(NoSuchObjectException.class);
            old.call("drop_dataconnector", "name", "old_form", "ifNotExists", true, "checkReferences", false);
        }
        assertThatThrownBy(() -> client.get_dataconnector_req(new GetDataConnectorRequest("old_form")))
                .isInstanceOf(NoSuchObjectException.class);
    }
}
