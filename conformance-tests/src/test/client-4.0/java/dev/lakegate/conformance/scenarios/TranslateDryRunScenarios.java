package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Normaliser;
import dev.lakegate.conformance.diff.Outcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.CreateTableRequest;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * translate_table_dryrun (Hive 4): the table as HMS 4.0.1's default metadata transformer would create
 * it, nothing created. Hive 4's engine asks it before a CREATE TABLE AS SELECT. Each call is sent as
 * the client's Thrift stub sends it, so that the processor capabilities are the scenario's own.
 */
public abstract class TranslateDryRunScenarios extends ScenarioSupport {

    private static final String FULL_ACID_WRITE = "HIVEFULLACIDWRITE";
    private static final String MANAGED_INSERT_WRITE = "HIVEMANAGEDINSERTWRITE";

    /** A location outside both targets' warehouses (a dry run makes no directory, so none exists). */
    private static final String ELSEWHERE = "file:/lakegate-dry-run-elsewhere";

    private String db;

    @BeforeEach
    void database() throws Exception {
        db = newDatabase("dryrun_db");
    }

    private Outcome dryRun(String label, Table table, List<String> capabilities) {
        CreateTableRequest request = new CreateTableRequest(table);
        if (capabilities != null) {
            request.setProcessorCapabilities(new ArrayList<>(capabilities));
            request.setProcessorIdentifier("conformance");
        }
        return rawOutcome(label, c -> c.translate_table_dryrun(request));
    }

    @SuppressWarnings("unchecked")
    private static Object location(Map<String, Object> table) {
        return ((Map<String, Object>) table.get("sd")).get("location");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parameters(Map<String, Object> table) {
        return (Map<String, Object>) table.get("parameters");
    }

    private void nothingCreated(String name) {
        Outcome lookup = outcome(c -> c.getTable(db, name));
        assertThat(lookup.exceptionType()).as(lookup.toString()).isEqualTo("NoSuchObjectException");
    }

    @Test
    void aManagedTableThatIsNotTransactionalComesBackExternalAtTheDatabaseLocation() throws Exception {
        Map<String, Object> t = answer(dryRun("dry run managed", table(db, "Ctas_T"), null));
        assertThat(t.get("tableType")).isEqualTo("EXTERNAL_TABLE");
        assertThat(t.get("tableName")).isEqualTo("Ctas_T");
        assertThat(t.get("catName")).isEqualTo("hive");
        assertThat(parameters(t))
                .containsEntry("EXTERNAL", "TRUE")
                .containsEntry("external.table.purge", "TRUE")
                .containsEntry("TRANSLATED_TO_EXTERNAL", "TRUE");
        assertThat(location(t)).isEqualTo(Normaliser.WAREHOUSE + "/" + db + ".db/ctas_t");
        nothingCreated("ctas_t");
    }

    @Test
    void aManagedTableWithALocationKeepsIt() throws Exception {
        Table table = table(db, "placed");
        table.getSd().setLocation(ELSEWHERE + "/placed");
        table.getParameters().put("transactional", "false");
        Map<String, Object> t = answer(dryRun("dry run managed with location", table, List.of(FULL_ACID_WRITE)));
        assertThat(t.get("tableType")).isEqualTo("EXTERNAL_TABLE");
        assertThat(parameters(t)).doesNotContainKey("transactional");
        assertThat(location(t)).isEqualTo(ELSEWHERE + "/placed");
        nothingCreated("placed");
    }

    @Test
    void anExternalTableGetsTheDatabaseLocationWhenItNamesNone() throws Exception {
        Table table = table(db, "ext");
        table.setTableType("EXTERNAL_TABLE");
        table.getParameters().put("EXTERNAL", "TRUE");
        Map<String, Object> t = answer(dryRun("dry run external", table, null));
        assertThat(t.get("tableType")).isEqualTo("EXTERNAL_TABLE");
        assertThat(parameters(t)).doesNotContainKey("TRANSLATED_TO_EXTERNAL");
        assertThat(location(t)).isEqualTo(Normaliser.WAREHOUSE + "/" + db + ".db/ext");
        nothingCreated("ext");
    }

    @Test
    void anExternalTableWithALocationComesBackAsSent() throws Exception {
        Table table = table(db, "ext_placed");
        table.setTableType("EXTERNAL_TABLE");
        table.getSd().setLocation(ELSEWHERE + "/ext_placed");
        Map<String, Object> t = answer(dryRun("dry run external with location", table, null));
        assertThat(location(t)).isEqualTo(ELSEWHERE + "/ext_placed");
        nothingCreated("ext_placed");
    }

    @Test
    void aTransactionalTableStaysManagedInTheManagedWarehouseForAProcessorThatWritesIt() throws Exception {
        Table table = table(db, "acid");
        table.setParameters(new HashMap<>(Map.of("transactional", "true")));
        Map<String, Object> t = answer(dryRun("dry run acid", table, List.of(FULL_ACID_WRITE, MANAGED_INSERT_WRITE)));
        assertThat(t.get("tableType")).isEqualTo("MANAGED_TABLE");
        assertThat(parameters(t)).containsEntry("transactional", "true").doesNotContainKey("EXTERNAL");
        assertThat(location(t)).isEqualTo(Normaliser.WAREHOUSE + "/" + db + ".db/acid");
        nothingCreated("acid");
    }

    @Test
    void aTransactionalTableOutsideTheWarehouseIsRefused() throws Exception {
        Table table = table(db, "acid_out");
        table.setParameters(new HashMap<>(Map.of("transactional", "true")));
        table.getSd().setLocation("file:/outside-the-warehouse/acid_out");
        Outcome refused = dryRun("dry run acid outside", table, List.of(FULL_ACID_WRITE));
        assertThat(refused.exceptionType()).as(refused.toString()).isEqualTo("MetaException");
        assertThat(refused.message())
                .startsWith("A managed table's location should be located within managed warehouse root directory");
    }

    @Test
    void aTransactionalTableWithoutCapabilitiesIsRefused() {
        Table table = table(db, "acid_nocap");
        table.setParameters(new HashMap<>(Map.of("transactional", "true")));
        assertFails(
                dryRun("dry run acid without capabilities", table, null),
                "MetaException",
                "Processor has no capabilities, cannot create an ACID table.");
    }

    @Test
    void anInsertOnlyTableNeedsTheInsertCapability() {
        Table table = table(db, "insert_only");
        table.setParameters(new HashMap<>(Map.of("transactional", "true", "transactional_properties", "insert_only")));
        assertFails(
                dryRun("dry run insert-only", table, List.of(FULL_ACID_WRITE)),
                "MetaException",
                "Processor does not have capabilities to create a INSERT ACID table:"
                        + "[HIVEMANAGEDINSERTWRITE, HIVEMANAGESTATS, HIVECACHEINVALIDATE, CONNECTORWRITE]");
    }

    @Test
    void aTableOfAMissingDatabaseIsAMetaException() {
        String missing = unique("dryrun_missing").toLowerCase(java.util.Locale.ROOT);
        assertFails(
                dryRun("dry run missing database", table(missing, "t", new FieldSchema("ds", "string", null)), null),
                "MetaException",
                "Database " + missing + " for table t could not be found");
    }
}
