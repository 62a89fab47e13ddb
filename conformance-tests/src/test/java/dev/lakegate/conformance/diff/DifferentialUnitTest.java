package dev.lakegate.conformance.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.Test;

/** The comparison machinery on its own, with this run's Thrift classes and no server. */
class DifferentialUnitTest {

    private final Normaliser a = Normaliser.forWarehouse("file:/tmp/a/warehouse");
    private final Normaliser b = Normaliser.forWarehouse("file:/tmp/b/warehouse");

    private static Table table(String location, int createTime) {
        Table t = new Table();
        t.setDbName("db");
        t.setTableName("t");
        t.setCreateTime(createTime);
        t.setLastAccessTime(0);
        t.setParameters(new HashMap<>(Map.of("transient_lastDdlTime", "1700000000", "k", "v")));
        t.setPartitionKeys(new ArrayList<>(List.of(new FieldSchema("ds", "string", null))));
        t.setSd(new org.apache.hadoop.hive.metastore.api.StorageDescriptor());
        t.getSd().setLocation(location);
        return t;
    }

    @Test
    void treesHoldOnlySetFieldsAndNormaliseTimesAndWarehouseLocations() {
        Object tree = a.normalise(table("file:/tmp/a/warehouse/db.db/t", 1700000000));
        assertThat(tree).isInstanceOf(Map.class);
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) tree;
        assertThat(m)
                .containsEntry("createTime", Normaliser.TIME)
                .containsEntry("lastAccessTime", Normaliser.TIME)
                .containsEntry("parameters", Map.of("transient_lastDdlTime", Normaliser.TIME, "k", "v"))
                .doesNotContainKey("owner");
        assertThat(m.get("sd")).isEqualTo(Map.of("location", "${warehouse}/db.db/t"));
    }

    @Test
    void sameCallsOnDifferentWarehousesAtDifferentTimesAreTheSame() {
        Outcome ref = Outcome.value(a.normalise(table("file:/tmp/a/warehouse/db.db/t", 1)));
        Outcome cand = Outcome.value(b.normalise(table("file:///tmp/b/warehouse/db.db/t", 2)));
        assertThat(Difference.between(ref, cand)).isEmpty();
    }

    @Test
    void aStampedGrantTimeIsATimeAndTheImplicitGrantsZeroStays() {
        var granted = new org.apache.hadoop.hive.metastore.api.RolePrincipalGrant();
        granted.setRoleName("analysts");
        granted.setGrantTime(1796684097);
        var everyone = new org.apache.hadoop.hive.metastore.api.RolePrincipalGrant();
        everyone.setRoleName("public");
        everyone.setGrantTime(0);
        assertThat(a.normalise(granted)).isEqualTo(Map.of("roleName", "analysts", "grantTime", Normaliser.TIME));
        assertThat(a.normalise(everyone)).isEqualTo(Map.of("roleName", "public", "grantTime", 0));
    }

    @Test
    void differencesAreNamedByPath() {
        Table changed = table("file:/tmp/b/warehouse/db.db/t2", 1);
        changed.getParameters().put("k", "w");
        changed.getPartitionKeys().add(new FieldSchema("hr", "int", null));
        List<Difference> diffs = Difference.between(
                Outcome.value(a.normalise(table("file:/tmp/a/warehouse/db.db/t", 1))),
                Outcome.value(b.normalise(changed)));
        assertThat(diffs)
                .extracting(Difference::path)
                .containsExactly("sd.location", "partitionKeys.size()", "parameters.k"); // field-id order
    }

    @Test
    void exceptionsCompareByClassThenMessage() {
        Outcome missing = Outcome.failure(new NoSuchObjectException("hive.db.t table not found"), a);
        Outcome other = Outcome.failure(new NoSuchObjectException("db.t not here"), b);
        Outcome value = Outcome.value(Map.of());
        assertThat(Difference.between(missing, missing)).isEmpty();
        assertThat(Difference.between(missing, other))
                .extracting(Difference::path)
                .containsExactly(Difference.MESSAGE);
        assertThat(Difference.between(missing, value))
                .extracting(Difference::path)
                .containsExactly(Difference.EXCEPTION);
    }

    @Test
    void assertSameFailsOnAnUnexplainedDifferenceAndNamesIt() {
        Comparison c = new Comparison(
                "get_database",
                "hms",
                Outcome.value(a.normalise(new Database("d", "x", null, null))),
                "lakegate",
                Outcome.value(b.normalise(new Database("d", "y", null, null))));
        assertThatThrownBy(c::assertSame)
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("get_database: lakegate differs from hms")
                .hasMessageContaining("description: reference x, candidate y");
    }

    @Test
    void aDeviationLetsThroughOnlyWhatItExplainsAndReportsIt() {
        DeviationReport.mute(true); // these are made-up differences: keep them out of the run's report
        try {
            deviationsExplainOnlyTheirOwnDifferences();
        } finally {
            DeviationReport.mute(false);
        }
    }

    private void deviationsExplainOnlyTheirOwnDifferences() {
        Database bare = new Database("d", "x", null, null);
        Database filled = new Database("d", "x", null, new HashMap<>());
        Comparison c = new Comparison(
                "get_database",
                "hms",
                Outcome.value(a.normalise(bare)),
                "lakegate",
                Outcome.value(b.normalise(filled)));
        assertThatThrownBy(c::assertSame).isInstanceOf(AssertionError.class);
        c.assertSame(Deviation.NO_NULL_COLLECTIONS);
        assertThatThrownBy(() -> c.assertSame(Deviation.SERVES_THE_METHOD_UNION))
                .isInstanceOf(AssertionError.class);

        Comparison union = new Comparison(
                "get_table",
                "hms-4.0.1",
                new Outcome(null, "org.apache.thrift.TApplicationException", "Invalid method name: 'get_table'"),
                "lakegate",
                Outcome.value(Map.of("tableName", "t")));
        union.assertSame(Deviation.SERVES_THE_METHOD_UNION);
        assertThatThrownBy(() -> union.assertSame(Deviation.NO_NULL_COLLECTIONS))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void assertSameFailureComparesTheTypeAndTheMessagePartsClientsMatchOn() {
        Outcome ref = new Outcome(
                null,
                "org.apache.hadoop.hive.metastore.api.AlreadyExistsException",
                "Partition already exists: Partition(values:[1], dbName:db, catName:hive)");
        Outcome cand = new Outcome(
                null,
                "org.apache.hadoop.hive.metastore.api.AlreadyExistsException",
                "Partition already exists: Partition(values:[1], dbName:db)");
        new Comparison("add_partition", "hms", ref, "lakegate", cand).assertSameFailure("Partition already exists: ");
        assertThatThrownBy(() -> new Comparison("add_partition", "hms", ref, "lakegate", cand).assertSame())
                .isInstanceOf(AssertionError.class);
        Outcome wrongType = new Outcome(
                null,
                "org.apache.hadoop.hive.metastore.api.MetaException",
                "Partition already exists: Partition(values:[1], dbName:db)");
        assertThatThrownBy(() -> new Comparison("add_partition", "hms", ref, "lakegate", wrongType)
                        .assertSameFailure("Partition already exists: "))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void everyDeviationHasAReason() {
        for (Deviation d : Deviation.values()) {
            assertThat(d.reason()).as(d.name()).isNotBlank();
        }
    }
}
