package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.DataConnector;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.junit.jupiter.api.Test;

/**
 * Data connectors (Hive 4): the named JDBC or Hive sources that REMOTE databases map, as `CREATE
 * CONNECTOR`, `ALTER CONNECTOR`, `SHOW CONNECTORS`, `DESCRIBE CONNECTOR` and `DROP CONNECTOR` keep
 * them in the metastore. Names are unique to each scenario; nothing here connects to the source.
 */
public abstract class DataConnectorScenarios extends ScenarioSupport {

    private static DataConnector connector(String name) {
        DataConnector connector = new DataConnector(name, "mysql", "jdbc:mysql://127.0.0.1:3306/sales");
        connector.setDescription("the sales database");
        connector.setParameters(Map.of("hive.sql.dbcp.username", "reader"));
        connector.setOwnerName("alice");
        connector.setOwnerType(PrincipalType.USER);
        return connector;
    }

    private Outcome create(DataConnector connector) {
        return outcome(c -> {
            c.createDataConnector(connector);
            return null;
        });
    }

    private void created(DataConnector connector) {
        Outcome outcome = create(connector);
        assertThat(outcome.failed()).as(outcome.toString()).isFalse();
    }

    private Outcome get(String name) {
        return outcome(c -> c.getDataConnector(name));
    }

    private Outcome drop(String name, boolean ifNotExists) {
        return outcome(c -> {
            c.dropDataConnector(name, ifNotExists, false);
            return null;
        });
    }

    @Test
    void aCreatedConnectorReadsBackWithEveryField() {
        String name = unique("dc_sales");
        created(connector(name));
        Map<String, Object> read = answer(get(name));
        assertThat(read.get("name")).isEqualTo(name);
        assertThat(read.get("type")).isEqualTo("mysql");
        assertThat(read.get("url")).isEqualTo("jdbc:mysql://127.0.0.1:3306/sales");
        assertThat(read.get("description")).isEqualTo("the sales database");
        assertThat(read.get("parameters")).isEqualTo(Map.of("hive.sql.dbcp.username", "reader"));
        assertThat(read.get("ownerName")).isEqualTo("alice");
    }

    @Test
    void aConnectorNameIsReadBackAsGivenOrLowerCase() {
        String name = unique("DC_Mixed");
        created(connector(name));
        Outcome byGiven = get(name);
        Outcome byLower = get(name.toLowerCase(java.util.Locale.ROOT));
        assertThat(byGiven.failed() && byLower.failed())
                .as(byGiven + " / " + byLower)
                .isFalse();
    }

    @Test
    void creatingAnExistingConnectorFails() {
        String name = unique("dc_twice");
        created(connector(name));
        assertFails(create(connector(name)), "AlreadyExistsException", "DataConnector " + name + " already exists");
    }

    @Test
    void aNameHms401DoesNotCheckIsKeptAsGiven() {
        // HMS 4.0.1 does not validate a connector's name (later releases refuse what is not [\w_]+).
        String name = unique("no spaces checked");
        created(connector(name));
        assertThat(answer(get(name)).get("url")).isEqualTo("jdbc:mysql://127.0.0.1:3306/sales");
    }

    @Test
    void aMissingConnectorIsNoSuchObject() {
        Outcome missing = get(unique("dc_missing"));
        assertThat(missing.exceptionType()).isEqualTo("NoSuchObjectException");
    }

    @Test
    void theNamesListHoldsEveryConnector() throws Exception {
        String first = unique("dc_listed");
        String second = unique("dc_listed");
        created(connector(first));
        created(connector(second));
        // The whole listing holds other scenarios' connectors too: each target's own is read.
        assertThat(direct.getAllDataConnectorNames()).contains(first, second);
    }

    @Test
    void anAlterReplacesTheConnector() {
        String name = unique("dc_altered");
        created(connector(name));
        DataConnector changed = connector(name);
        changed.setUrl("jdbc:mysql://127.0.0.1:3307/sales2");
        changed.setDescription("moved");
        changed.setParameters(Map.of("hive.sql.dbcp.username", "writer", "added", "yes"));
        Outcome altered = outcome(c -> {
            c.alterDataConnector(name, changed);
            return null;
        });
        assertThat(altered.failed()).as(altered.toString()).isFalse();
        Map<String, Object> read = answer(get(name));
        assertThat(read.get("url")).isEqualTo("jdbc:mysql://127.0.0.1:3307/sales2");
        assertThat(read.get("description")).isEqualTo("moved");
        assertThat(read.get("parameters")).isEqualTo(Map.of("hive.sql.dbcp.username", "writer", "added", "yes"));
    }

    @Test
    void anAlterOfAMissingConnectorFails() {
        String name = unique("dc_nothing_to_alter");
        Outcome altered = outcome(c -> {
            c.alterDataConnector(name, connector(name));
            return null;
        });
        assertThat(altered.failed()).as(altered.toString()).isTrue();
    }

    @Test
    void aDroppedConnectorIsGone() throws Exception {
        String name = unique("dc_dropped");
        created(connector(name));
        Outcome dropped = drop(name, false);
        assertThat(dropped.failed()).as(dropped.toString()).isFalse();
        assertThat(get(name).exceptionType()).isEqualTo("NoSuchObjectException");
        assertThat(direct.getAllDataConnectorNames()).doesNotContain(name);
    }

    @Test
    void droppingAMissingConnectorFailsUnlessAskedToIgnoreIt() {
        String name = unique("dc_never");
        assertFails(drop(name, false), "NoSuchObjectException", "DataConnector " + name + " doesn't exist");
        Outcome ignored = drop(name, true);
        assertThat(ignored.failed()).as(ignored.toString()).isFalse();
    }
}
