package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.CreationMetadata;
import org.apache.hadoop.hive.metastore.api.ExtendedTableInfo;
import org.apache.hadoop.hive.metastore.api.GetTablesExtRequest;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.Test;

/**
 * Hive 4's get_tables_ext and get_all_materialized_view_objects_for_rewriting. HMS 4.0.1 answers
 * get_tables_ext through its default metadata transformer, whose answer comes in a hash map's order: each
 * target's answer is read alone, put in name order, and compared with what HMS 4.0.1 answers. The
 * materialized views of the whole metastore differ between targets (other scenarios leave theirs), so
 * each target's list is read alone and this scenario's views looked for in it.
 */
public abstract class TablesExtScenarios extends ScenarioSupport {

    private static final List<String> EXTERNAL_READ = List.of("EXTREAD");
    private static final List<String> EXTERNAL_READ_WRITE = List.of("EXTWRITE", "EXTREAD");

    /** A database with an external table, a view and a materialized view (rewrite enabled). */
    private String databaseOfEveryKind() throws Exception {
        String db = newDatabase("tables_ext");
        Table external = table(db, "ext");
        external.setTableType("EXTERNAL_TABLE");
        external.getParameters().put("EXTERNAL", "TRUE");
        create(external);
        Table view = table(db, "view");
        view.setTableType("VIRTUAL_VIEW");
        view.setViewOriginalText("select id from ext");
        view.setViewExpandedText("select id from ext");
        create(view);
        Table materialized = table(db, "mv");
        materialized.setTableType("MATERIALIZED_VIEW");
        materialized.setRewriteEnabled(true);
        materialized.setViewOriginalText("select id from ext");
        materialized.setViewExpandedText("select `ext`.`id` from `" + db + "`.`ext`");
        materialized.setCreationMetadata(new CreationMetadata("hive", db, "mv", new HashSet<>(Set.of(db + ".ext"))));
        create(materialized);
        return db;
    }

    private void create(Table table) {
        Outcome created = creating(table);
        assertThat(created.failed()).as(created.toString()).isFalse();
    }

    private static GetTablesExtRequest request(String db, String pattern, int fields, List<String> capabilities) {
        GetTablesExtRequest request = new GetTablesExtRequest("hive", db, pattern, fields);
        request.setLimit(-1);
        if (capabilities != null) {
            request.setProcessorCapabilities(new ArrayList<>(capabilities));
            request.setProcessorIdentifier("conformance");
        }
        return request;
    }

    /** The target's own answer, in name order. */
    private Object byName(GetTablesExtRequest request) throws Exception {
        List<ExtendedTableInfo> answer = new ArrayList<>(stub(direct).get_tables_ext(request));
        answer.sort(Comparator.comparing(ExtendedTableInfo::getTblName));
        return tree(answer);
    }

    @Test
    void aProcessorWithCapabilitiesGetsEachTablesAccessAndWhatItLacks() throws Exception {
        String db = databaseOfEveryKind();
        assertTree(
                "read-only external processor",
                byName(request(db, "*", 3, EXTERNAL_READ)),
                List.of(
                        map("tblName", "ext", "accessType", 2, "requiredWriteCapabilities", List.of("EXTWRITE")),
                        map(
                                "tblName",
                                "mv",
                                "accessType",
                                1,
                                "requiredReadCapabilities",
                                List.of("CONNECTORREAD", "HIVEMQT")),
                        map(
                                "tblName",
                                "view",
                                "accessType",
                                1,
                                "requiredReadCapabilities",
                                List.of("HIVESQL", "CONNECTORREAD"))));
        assertTree(
                "read-write processor of views",
                byName(request(db, "*", 3, List.of("EXTREAD", "EXTWRITE", "HIVEMQT", "CONNECTORREAD"))),
                List.of(
                        map("tblName", "ext", "accessType", 8),
                        map("tblName", "mv", "accessType", 2),
                        map("tblName", "view", "accessType", 2)));
        assertTree(
                "access type only",
                byName(request(db, "*", 1, EXTERNAL_READ)),
                List.of(
                        map("tblName", "ext", "accessType", 2),
                        map("tblName", "mv", "accessType", 1),
                        map("tblName", "view", "accessType", 1)));
        assertTree(
                "names only, matching a pattern",
                byName(request(db.toUpperCase(), "MV|E*", 0, EXTERNAL_READ_WRITE)),
                List.of(map("tblName", "ext"), map("tblName", "mv")));
        GetTablesExtRequest limited = request(db, "*", 1, EXTERNAL_READ_WRITE);
        limited.setLimit(2);
        assertTree(
                "the first two by name",
                byName(limited),
                List.of(map("tblName", "ext", "accessType", 8), map("tblName", "mv", "accessType", 1)));
    }

    @Test
    void withoutCapabilitiesOrALimitOrADatabaseTheListIsEmpty() throws Exception {
        String db = databaseOfEveryKind();
        assertTree("no capabilities", byName(request(db, "*", 3, null)), List.of());
        assertTree("raw metadata", byName(request(db, "*", 3, List.of("MANAGERAWMETADATA", "EXTREAD"))), List.of());
        GetTablesExtRequest unlimited = request(db, "*", 3, EXTERNAL_READ);
        unlimited.unsetLimit();
        assertTree("limit unset", byName(unlimited), List.of());
        assertTree("missing database", byName(request(unique("no_such_db"), "*", 3, EXTERNAL_READ)), List.of());
        assertTree("@hive# prefix", byName(request("@hive#" + db, "*", 3, EXTERNAL_READ)), List.of());
        GetTablesExtRequest otherCatalog = request(db, "*", 3, EXTERNAL_READ);
        otherCatalog.setCatalog(unique("no_such_catalog"));
        assertTree("missing catalog", byName(otherCatalog), List.of());
    }

    @Test
    void allMaterializedViewsForRewritingCarryTheirSourceTables() throws Exception {
        String db = databaseOfEveryKind();
        Table off = table(db, "mv_off");
        off.setTableType("MATERIALIZED_VIEW");
        off.setRewriteEnabled(false);
        off.setViewOriginalText("select id from ext");
        off.setViewExpandedText("select id from ext");
        create(off);

        List<Table> views = stub(direct).get_all_materialized_view_objects_for_rewriting().stream()
                .filter(view -> db.equals(view.getDbName()))
                .toList();
        assertThat(views).extracting(Table::getTableName).containsExactly("mv");
        Table view = views.get(0);
        assertThat(view.getTableType()).isEqualTo("MATERIALIZED_VIEW");
        assertThat(view.getCreationMetadata().getTablesUsed()).containsExactly(db + ".ext");
        assertThat(view.getCreationMetadata().getSourceTables()).singleElement().satisfies(source -> {
            assertThat(source.getTable().getTableName()).isEqualTo("ext");
            assertThat(source.getInsertedCount()).isZero();
            assertThat(source.getUpdatedCount()).isZero();
            assertThat(source.getDeletedCount()).isZero();
        });
        // The view as get_table_req gives it, compared with the reference (source tables included).
        Object read = tree(raw(
                        "get_table_req of the view",
                        s -> s.get_table_req(new org.apache.hadoop.hive.metastore.api.GetTableRequest(db, "mv")))
                .getTable());
        assertThat(read).isInstanceOf(Map.class);
    }
}
