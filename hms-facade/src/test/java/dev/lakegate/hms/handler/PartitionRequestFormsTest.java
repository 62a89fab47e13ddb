package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.lakegate.catalog.client.CatalogClient;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AlterPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.AppendPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.DropPartitionRequest;
import org.apache.hadoop.hive.metastore.api.DropPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionNamesPsRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionsByFilterRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionsFilterSpec;
import org.apache.hadoop.hive.metastore.api.GetPartitionsPsWithAuthRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.GetProjectionsSpec;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionFilterMode;
import org.apache.hadoop.hive.metastore.api.PartitionListComposingSpec;
import org.apache.hadoop.hive.metastore.api.PartitionSpec;
import org.apache.hadoop.hive.metastore.api.PartitionSpecWithSharedSD;
import org.apache.hadoop.hive.metastore.api.PartitionWithoutSD;
import org.apache.hadoop.hive.metastore.api.RenamePartitionRequest;
import org.apache.hadoop.hive.metastore.api.RequestPartsSpec;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The request forms of Hive 3.x/4.x, partition specs, and batches larger than one catalog call. */
class PartitionRequestFormsTest {

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    private static CatalogClient catalog;
    private static PartitionTestTables tables;
    private static ThriftHiveMetastore.Client client;

    @BeforeAll
    static void start() throws Exception {
        catalog = gateway.catalog();
        tables = new PartitionTestTables(catalog, gateway.warehouse());
        client = gateway.client("alice");
    }

    @Test
    void requestFormsOfHive4() throws Exception {
        tables.database("req");
        tables.table("req", "t", false, "ds string", "hr int");
        AppendPartitionsRequest append = new AppendPartitionsRequest("req", "t");
        append.setCatalogName("hive");
        append.setPartVals(List.of("a", "1"));
        assertThat(client.append_partition_req(append).getSd().getLocation())
                .isEqualTo(gateway.warehouse() + "/req.db/t/ds=a/hr=1");
        AppendPartitionsRequest byName = new AppendPartitionsRequest("req", "t");
        byName.setName("ds=a/hr=2");
        assertThat(client.append_partition_req(byName).getValues()).containsExactly("a", "2");
        AppendPartitionsRequest none = new AppendPartitionsRequest("req", "t");
        assertThatThrownBy(() -> client.append_partition_req(none))
                .isInstanceOf(MetaException.class)
                .hasMessage("The partition values must not be null or empty.");
        client.append_partition("req", "t", List.of("b", "1"));

        GetPartitionsPsWithAuthRequest ps = new GetPartitionsPsWithAuthRequest("req", "t");
        ps.setCatName("hive");
        ps.setPartVals(List.of("a"));
        ps.setMaxParts((short) -1);
        assertThat(client.get_partitions_ps_with_auth_req(ps).getPartitions())
                .extracting(Partition::getValues)
                .containsExactly(List.of("a", "1"), List.of("a", "2"));
        GetPartitionsPsWithAuthRequest psNames = new GetPartitionsPsWithAuthRequest("req", "t");
        psNames.setPartNames(List.of("ds=b/hr=1"));
        assertThat(client.get_partitions_ps_with_auth_req(psNames).getPartitions())
                .extracting(Partition::getValues)
                .containsExactly(List.of("b", "1"));
        GetPartitionNamesPsRequest names = new GetPartitionNamesPsRequest("req", "t");
        names.setPartValues(List.of("", "1"));
        names.setMaxParts((short) -1);
        assertThat(client.get_partition_names_ps_req(names).getNames()).containsExactly("ds=a/hr=1", "ds=b/hr=1");
        GetPartitionsByFilterRequest filter = new GetPartitionsByFilterRequest("req", "t", "hr = 2");
        filter.setMaxParts((short) -1);
        assertThat(client.get_partitions_by_filter_req(filter))
                .extracting(Partition::getValues)
                .containsExactly(List.of("a", "2"));
        assertThat(client.get_part_specs_by_filter("req", "t", "ds = 'a'", -1)
                        .get(0)
                        .getPartitionList()
                        .getPartitions())
                .hasSize(2);

        Partition a1 = client.get_partition("req", "t", List.of("a", "1"));
        a1.putToParameters("k", "v");
        AlterPartitionsRequest alter = new AlterPartitionsRequest("req", "t", List.of(a1));
        alter.setCatName("hive");
        client.alter_partitions_req(alter);
        assertThat(client.get_partition("req", "t", List.of("a", "1")).getParameters())
                .containsEntry("k", "v");

        Partition renamed = a1.deepCopy();
        renamed.setValues(List.of("c", "1"));
        RenamePartitionRequest rename = new RenamePartitionRequest("req", "t", List.of("a", "1"), renamed);
        rename.setCatName("hive");
        client.rename_partition_req(rename);
        assertThat(Files.isDirectory(gateway.warehousePath().resolve("req.db/t/ds=c/hr=1")))
                .isTrue();

        DropPartitionRequest drop = new DropPartitionRequest("req", "t");
        drop.setCatName("hive");
        drop.setPartName("ds=c/hr=1");
        drop.setDeleteData(true);
        assertThat(client.drop_partition_req(drop)).isTrue();
        assertThat(Files.exists(gateway.warehousePath().resolve("req.db/t/ds=c")))
                .isFalse();
        assertThat(client.get_partition_names("req", "t", (short) -1)).containsExactly("ds=a/hr=2", "ds=b/hr=1");
    }

    @Test
    void partitionSpecsOfBothShapes() throws Exception {
        tables.database("spec");
        tables.table("spec", "t", false, "ds string");
        PartitionSpec list = new PartitionSpec();
        list.setDbName("spec");
        list.setTableName("t");
        list.setPartitionList(new PartitionListComposingSpec(List.of(partition("spec", "t", null, "a"))));
        PartitionSpec shared = new PartitionSpec();
        shared.setDbName("spec");
        shared.setTableName("t");
        PartitionSpecWithSharedSD sharedSd = new PartitionSpecWithSharedSD();
        sharedSd.setSd(PartitionTestTables.sd(gateway.warehouse() + "/spec.db/t"));
        sharedSd.setPartitions(List.of(
                new PartitionWithoutSD(List.of("b"), 0, 0, "/ds=b", new java.util.HashMap<>()),
                new PartitionWithoutSD(List.of("c"), 0, 0, "/custom-c", new java.util.HashMap<>())));
        shared.setSharedSDPartitionSpec(sharedSd);
        assertThat(client.add_partitions_pspec(List.of(list, shared))).isEqualTo(3);
        assertThat(client.get_partition("spec", "t", List.of("c")).getSd().getLocation())
                .isEqualTo(gateway.warehouse() + "/spec.db/t/custom-c");
        assertThat(Files.isDirectory(gateway.warehousePath().resolve("spec.db/t/custom-c")))
                .isTrue();
        assertThat(client.get_partitions_pspec("spec", "t", -1)
                        .get(0)
                        .getPartitionList()
                        .getPartitions())
                .extracting(Partition::getValues)
                .containsExactly(List.of("a"), List.of("b"), List.of("c"));
    }

    /**
     * A call may carry as many partitions as one catalog call takes (10,000, the partitions-per-call
     * limit): more are refused before any is added; listings go beyond it page by page.
     */
    @Test
    void callsUpToOneCatalogCallAndListingsBeyond() throws Exception {
        tables.database("huge");
        tables.table("huge", "t", true, "n int");
        List<Partition> partitions = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 10_050; i++) {
            partitions.add(partition("huge", "t", "s3a://bucket/huge/p" + i, Integer.toString(i)));
            names.add("n=" + i);
        }
        assertThatThrownBy(() -> client.add_partitions(partitions))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("the limit partitions-per-call is 10000");
        assertThat(client.get_num_partitions_by_filter("huge", "t", "")).isZero();
        assertThat(client.add_partitions(partitions.subList(0, 10_000))).isEqualTo(10_000);
        assertThat(client.add_partitions(partitions.subList(10_000, 10_050))).isEqualTo(50);
        assertThat(client.get_num_partitions_by_filter("huge", "t", "")).isEqualTo(10_050);
        List<String> listed = client.get_partition_names("huge", "t", (short) -1);
        names.sort(null);
        assertThat(listed).containsExactlyElementsOf(names);
        assertThat(client.get_partitions_by_filter("huge", "t", "n >= 10000", (short) -1))
                .hasSize(50);
        assertThat(client.get_partitions_by_names("huge", "t", names.subList(0, 10_000)))
                .hasSize(10_000);
        DropPartitionsRequest drop =
                new DropPartitionsRequest("huge", "t", RequestPartsSpec.names(names.subList(0, 10_000)));
        drop.setNeedResult(false);
        client.drop_partitions_req(drop);
        drop.setParts(RequestPartsSpec.names(names.subList(10_000, 10_050)));
        client.drop_partitions_req(drop);
        assertThat(client.get_partition_names("huge", "t", (short) -1)).isEmpty();
    }

    /**
     * get_partitions_with_specs, as Hive 4.0.1's MSCK REPAIR TABLE calls it (all partitions, locations and values
     * projected) and its batched reads (BY_NAMES), found by running Hive's engine against the gateway.
     */
    @Test
    void partitionsWithSpecsAsHive4ReadsThem() throws Exception {
        tables.database("withspecs");
        tables.table("withspecs", "t", false, "ds string", "hr int");
        for (List<String> values : List.of(List.of("a", "1"), List.of("a", "2"), List.of("b", "1"))) {
            Partition p = partition("withspecs", "t", null, values.toArray(String[]::new));
            p.setParameters(new HashMap<>(Map.of("keep.me", "1", "exclude.me", "2")));
            client.add_partition(p);
        }
        assertThat(withSpecs(specsRequest(new GetPartitionsFilterSpec())))
                .extracting(Partition::getValues, p -> p.getSd().getLocation())
                .containsExactly(
                        tuple(List.of("a", "1"), gateway.warehouse() + "/withspecs.db/t/ds=a/hr=1"),
                        tuple(List.of("a", "2"), gateway.warehouse() + "/withspecs.db/t/ds=a/hr=2"),
                        tuple(List.of("b", "1"), gateway.warehouse() + "/withspecs.db/t/ds=b/hr=1"));
        assertThat(withSpecs(specsRequest(null))).hasSize(3);

        GetPartitionsFilterSpec names = new GetPartitionsFilterSpec();
        names.setFilterMode(PartitionFilterMode.BY_NAMES);
        names.setFilters(List.of("ds=b/hr=1", "ds=a/hr=1", "ds=z/hr=9"));
        assertThat(withSpecs(specsRequest(names)))
                .extracting(Partition::getValues)
                .containsExactlyInAnyOrder(List.of("a", "1"), List.of("b", "1"));
        GetPartitionsFilterSpec expr = new GetPartitionsFilterSpec();
        expr.setFilterMode(PartitionFilterMode.BY_EXPR);
        expr.setFilters(List.of("ds = \"a\"", "hr > 1"));
        assertThat(withSpecs(specsRequest(expr)))
                .extracting(Partition::getValues)
                .containsExactly(List.of("a", "2"));
        GetPartitionsFilterSpec values = new GetPartitionsFilterSpec();
        values.setFilterMode(PartitionFilterMode.BY_VALUES);
        values.setFilters(List.of("a"));
        assertThatThrownBy(() -> withSpecs(specsRequest(values))).isInstanceOf(MetaException.class);

        // the parameter key patterns are SQL LIKE patterns
        GetPartitionsRequest excluding = specsRequest(null);
        excluding.getProjectionSpec().setExcludeParamKeyPattern("exclude%");
        assertThat(withSpecs(excluding))
                .allSatisfy(p ->
                        assertThat(p.getParameters()).containsKey("keep.me").doesNotContainKey("exclude.me"));
        GetPartitionsRequest including = specsRequest(null);
        including.getProjectionSpec().setIncludeParamKeyPattern("keep_me");
        assertThat(withSpecs(including))
                .allSatisfy(p -> assertThat(p.getParameters()).containsOnlyKeys("keep.me"));
    }

    private static GetPartitionsRequest specsRequest(GetPartitionsFilterSpec filter) {
        GetProjectionsSpec projection = new GetProjectionsSpec();
        projection.setFieldList(List.of("sd.location", "createTime", "values"));
        GetPartitionsRequest request = new GetPartitionsRequest("withspecs", "t", projection, filter);
        request.setCatName("hive");
        return request;
    }

    private static List<Partition> withSpecs(GetPartitionsRequest request) throws Exception {
        List<PartitionSpec> specs = client.get_partitions_with_specs(request).getPartitionSpec();
        assertThat(specs).hasSize(1);
        assertThat(specs.get(0).getDbName()).isEqualTo("withspecs");
        assertThat(specs.get(0).getTableName()).isEqualTo("t");
        return specs.get(0).getPartitionList().getPartitions();
    }
}
