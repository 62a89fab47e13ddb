package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.client.CatalogClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AddPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.AddPartitionsResult;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.DropPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.DropPartitionsResult;
import org.apache.hadoop.hive.metastore.api.GetPartitionRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionsByNamesRequest;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionsByExprRequest;
import org.apache.hadoop.hive.metastore.api.PartitionsRequest;
import org.apache.hadoop.hive.metastore.api.RequestPartsSpec;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TApplicationException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class PartitionCallsTest {

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

    private static Path warehouse(String relative) {
        return gateway.warehousePath().resolve(relative);
    }

    @Test
    void addedPartitionGetsDefaultLocationDirectoryAndCreateTime() throws Exception {
        tables.database("add1");
        tables.table("add1", "t", false, "ds string", "hr int");
        long before = System.currentTimeMillis() / 1000;
        Partition added = client.add_partition(partition("ADD1", "T", null, "2024-01-01", "1"));
        String location = gateway.warehouse() + "/add1.db/t/ds=2024-01-01/hr=1";
        assertThat(added.getSd().getLocation()).isEqualTo(location);
        assertThat(added.getCreateTime()).isBetween((int) before, (int) before + 60);
        assertThat(added.getParameters())
                .containsEntry("transient_lastDdlTime", Integer.toString(added.getCreateTime()));
        assertThat(Files.isDirectory(warehouse("add1.db/t/ds=2024-01-01/hr=1"))).isTrue();

        Partition read = client.get_partition("add1", "t", List.of("2024-01-01", "1"));
        assertThat(read.getValues()).containsExactly("2024-01-01", "1");
        assertThat(read.getDbName()).isEqualTo("add1");
        assertThat(read.getTableName()).isEqualTo("t");
        assertThat(read.getCatName()).isEqualTo("hive");
        assertThat(read.getSd().getLocation()).isEqualTo(location);
        assertThat(read.getSd().getCols()).extracting(c -> c.getName()).containsExactly("id", "name");
        assertThat(read.getSd().getSerdeInfo().getSerializationLib())
                .isEqualTo("org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe");
        assertThat(read.getCreateTime()).isEqualTo(added.getCreateTime());
        assertThat(read.getParameters()).isEqualTo(added.getParameters());
        assertThat(client.get_partition_by_name("add1", "t", "ds=2024-01-01/hr=1"))
                .isEqualTo(read);
        assertThat(client.get_partition_req(new GetPartitionRequest("add1", "t", List.of("2024-01-01", "1")))
                        .getPartition())
                .isEqualTo(read);
        assertThat(client.get_partition("@hive#add1", "t", List.of("2024-01-01", "1")))
                .isEqualTo(read);
        assertThat(client.get_partition_with_auth("add1", "t", List.of("2024-01-01", "1"), "alice", List.of()))
                .isEqualTo(read);

        Partition explicit = partition("add1", "t", "file:/tmp/elsewhere-" + System.nanoTime(), "2024-01-02", "2");
        explicit.putToParameters("numRows", "10");
        explicit.putToParameters("COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\"}");
        assertThat(client.add_partition(explicit).getSd().getLocation())
                .isEqualTo(explicit.getSd().getLocation());
        Partition explicitRead = client.get_partition("add1", "t", List.of("2024-01-02", "2"));
        assertThat(explicitRead.getSd().getLocation())
                .isEqualTo(explicit.getSd().getLocation());
        assertThat(explicitRead.getParameters())
                .containsEntry("numRows", "10")
                .containsEntry("COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\"}");
        Files.deleteIfExists(Path.of(explicit.getSd().getLocation().substring("file:".length())));
    }

    @Test
    void addErrorsAreThoseOfHms() throws Exception {
        tables.database("add2");
        tables.table("add2", "t", false, "ds string");
        client.add_partition(partition("add2", "t", null, "a"));
        assertThatThrownBy(() -> client.add_partition(partition("add2", "t", null, "a")))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessageStartingWith("Partition already exists: Partition(");
        assertThatThrownBy(() -> client.add_partition(partition("add2", "missing", null, "a")))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("Unable to add partitions because hive.add2.missing does not exist");
        assertThatThrownBy(() -> client.add_partition(partition("add2", "t", null, "a", "b")))
                .isInstanceOf(MetaException.class)
                .hasMessage("Invalid partition key & values; keys [ds, ], values [a, b, ]");
        assertThatThrownBy(() -> client.add_partitions(
                        List.of(partition("add2", "t", null, "x"), partition("add2", "t", null, "x"))))
                .isInstanceOf(MetaException.class)
                .hasMessageStartingWith("Duplicate partitions in the list: ");
        assertThatThrownBy(() -> client.add_partitions(
                        List.of(partition("add2", "t", null, "y"), partition("add2", "other", null, "y"))))
                .isInstanceOf(MetaException.class)
                .hasMessageStartingWith("Partition does not belong to target table hive.add2.t. It belongs to the table"
                        + " add2.other : ");
        assertThat(client.get_partition_names("add2", "t", (short) -1)).containsExactly("ds=a");
        assertThatThrownBy(() -> client.get_partition("add2", "t", List.of("b")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("partition values=[b]");
        assertThatThrownBy(() -> client.get_partition("add2", "missing", List.of("b")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Unable to get partition because hive.add2.missing does not exist");
        assertThatThrownBy(() -> client.get_partition_by_name("add2", "missing", "ds=b"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("add2.missing table not found");
        assertThatThrownBy(() -> client.get_partition_by_name("add2", "t", "hr=b"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("incomplete partition name - missing ds");
    }

    @Test
    void addPartitionsReqWithIfNotExistsReturnsOnlyTheNewOnes() throws Exception {
        tables.database("add3");
        tables.table("add3", "t", false, "ds string");
        client.add_partition(partition("add3", "t", null, "a"));
        AddPartitionsRequest request = new AddPartitionsRequest(
                "add3", "t", List.of(partition("add3", "t", null, "a"), partition("add3", "t", null, "b")), true);
        request.setNeedResult(true);
        AddPartitionsResult result = client.add_partitions_req(request);
        assertThat(result.getPartitions()).extracting(Partition::getValues).containsExactly(List.of("b"));
        AddPartitionsRequest noResult =
                new AddPartitionsRequest("add3", "t", List.of(partition("add3", "t", null, "c")), false);
        noResult.setNeedResult(false);
        assertThat(client.add_partitions_req(noResult).isSetPartitions()).isFalse();
        assertThat(client.get_partition_names("add3", "t", (short) -1)).containsExactly("ds=a", "ds=b", "ds=c");
        assertThat(client.add_partitions(List.of())).isZero();
    }

    @Test
    void appendPartitionCopiesTheTableStorage() throws Exception {
        tables.database("app");
        tables.table("app", "t", false, "ds string", "hr int");
        Partition appended = client.append_partition("app", "t", List.of("d1", "7"));
        assertThat(appended.getSd().getLocation()).isEqualTo(gateway.warehouse() + "/app.db/t/ds=d1/hr=7");
        assertThat(appended.getSd().getInputFormat()).isEqualTo("org.apache.hadoop.mapred.TextInputFormat");
        assertThat(appended.getParameters()).containsOnlyKeys("transient_lastDdlTime");
        assertThat(Files.isDirectory(warehouse("app.db/t/ds=d1/hr=7"))).isTrue();
        Partition read = client.get_partition("app", "t", List.of("d1", "7"));
        assertThat(read.getWriteId()).isEqualTo(-1); // a read carries HMS 4's write id; append's answer none
        read.unsetWriteId();
        assertThat(read).isEqualTo(appended);
        Partition byName = client.append_partition_by_name("app", "t", "ds=d2/hr=8");
        assertThat(byName.getValues()).containsExactly("d2", "8");
        assertThatThrownBy(() -> client.append_partition("app", "t", List.of("d1", "7")))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessageStartingWith("Partition already exists:Partition(");
        assertThatThrownBy(() -> client.append_partition("app", "missing", List.of("d1", "7")))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("Unable to add partition because table or database do not exist");
        assertThatThrownBy(() -> client.append_partition_by_name("app", "t", "ds=d3"))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("incomplete partition name - missing hr");
    }

    @Test
    void valuesAreEscapedInNamesAndDirectories() throws Exception {
        tables.database("esc");
        tables.table("esc", "t", false, "k string");
        List<String> values = List.of("a/b", "x=y", "c:d", "50%", "#1", "with space", "héllo wörld ☃", "");
        for (String value : values) {
            client.add_partition(partition("esc", "t", null, value));
        }
        List<String> names = client.get_partition_names("esc", "t", (short) -1);
        assertThat(names)
                .containsExactly(
                        "k=%231",
                        "k=50%25",
                        "k=__HIVE_DEFAULT_PARTITION__",
                        "k=a%2Fb",
                        "k=c%3Ad",
                        "k=héllo wörld ☃",
                        "k=with space",
                        "k=x%3Dy");
        assertThat(Files.isDirectory(warehouse("esc.db/t/k=a%2Fb"))).isTrue();
        assertThat(Files.isDirectory(warehouse("esc.db/t/k=héllo wörld ☃"))).isTrue();
        assertThat(client.get_partition_by_name("esc", "t", "k=a%2Fb").getValues())
                .containsExactly("a/b");
        assertThat(client.get_partition("esc", "t", List.of("x=y")).getSd().getLocation())
                .isEqualTo(gateway.warehouse() + "/esc.db/t/k=x%3Dy");
        // As in HMS: found by its name, which "" shares with the default partition; values as stored.
        assertThat(client.get_partition("esc", "t", List.of("__HIVE_DEFAULT_PARTITION__"))
                        .getValues())
                .containsExactly("");
        assertThat(client.partition_name_to_vals("k=a%2Fb/j=50%25")).containsExactly("a/b", "50%");
        assertThat(client.partition_name_to_spec("k=a%2Fb/j=x%3Dy"))
                .containsOnly(Map.entry("k", "a/b"), Map.entry("j", "x=y"));
        assertThat(client.partition_name_to_vals("")).isEmpty();
        assertThat(client.get_partitions_by_names("esc", "t", List.of("k=50%25", "k=héllo wörld ☃", "k=nope")))
                .extracting(Partition::getValues)
                .containsExactly(List.of("50%"), List.of("héllo wörld ☃"));
    }

    @Test
    void namesOfMoreThanOneCatalogPageAreListedWholeAndInOrder() throws Exception {
        tables.database("many");
        tables.table("many", "t", true, "ds string", "hr int");
        List<String> expectedNames = new ArrayList<>();
        int hours = 11_000;
        for (int day = 0; day < 10; day++) {
            String ds = "2024-03-0" + day;
            for (int from = 0; from < hours; from += 5_500) {
                List<Partition> batch = new ArrayList<>();
                for (int hour = from; hour < from + 5_500; hour++) {
                    batch.add(partition("many", "t", null, ds, Integer.toString(hour)));
                    expectedNames.add("ds=" + ds + "/hr=" + hour);
                }
                client.add_partitions(batch);
            }
        }
        expectedNames.sort(null);

        // 110,000 names: 100,000 read in pages of 10,000 when the call is made, the rest streamed.
        assertThat(client.get_partition_names("many", "t", (short) -1)).containsExactlyElementsOf(expectedNames);
        assertThat(client.get_partition_names("many", "t", (short) 15_000))
                .containsExactlyElementsOf(expectedNames.subList(0, 15_000));
        assertThat(client.get_partition_names_ps("many", "t", List.of("2024-03-04"), (short) -1))
                .containsExactlyElementsOf(expectedNames.subList(4 * hours, 5 * hours));
    }

    @Test
    void thousandPartitionsInEveryListingForm() throws Exception {
        tables.database("big");
        tables.table("big", "t", false, "ds string", "hr int");
        List<Partition> batch = new ArrayList<>();
        List<String> expectedNames = new ArrayList<>();
        for (int day = 0; day < 40; day++) {
            for (int hour = 0; hour < 25; hour++) {
                String ds = String.format("2024-02-%02d", day);
                batch.add(partition("big", "t", null, ds, Integer.toString(hour)));
                expectedNames.add("ds=" + ds + "/hr=" + hour);
            }
        }
        expectedNames.sort(null);
        AddPartitionsRequest request = new AddPartitionsRequest("big", "t", batch, false);
        request.setNeedResult(true);
        assertThat(client.add_partitions_req(request).getPartitions()).hasSize(1000);

        List<Partition> all = client.get_partitions("big", "t", (short) -1);
        assertThat(all).hasSize(1000);
        assertThat(all)
                .extracting(p ->
                        "ds=" + p.getValues().get(0) + "/hr=" + p.getValues().get(1))
                .containsExactlyElementsOf(expectedNames);
        assertThat(client.get_partitions("big", "t", (short) 7))
                .hasSize(7)
                .extracting(Partition::getValues)
                .first()
                .isEqualTo(List.of("2024-02-00", "0"));
        assertThat(client.get_partitions("big", "t", (short) 0)).isEmpty();
        assertThat(client.get_partition_names("big", "t", (short) -1)).containsExactlyElementsOf(expectedNames);
        assertThat(client.get_partition_names("big", "t", (short) 3))
                .containsExactly("ds=2024-02-00/hr=0", "ds=2024-02-00/hr=1", "ds=2024-02-00/hr=10");
        PartitionsRequest req = new PartitionsRequest("big", "t");
        req.setMaxParts((short) 30);
        req.setSkipColumnSchemaForPartition(true);
        List<Partition> skipped = client.get_partitions_req(req).getPartitions();
        assertThat(skipped)
                .hasSize(30)
                .allSatisfy(p -> assertThat(p.getSd().getCols()).isEmpty());
        assertThat(client.fetch_partition_names_req(req)).hasSize(30);
        assertThat(client.get_partitions_with_auth("big", "t", (short) -1, "alice", List.of()))
                .hasSize(1000);
        assertThat(client.get_partitions_pspec("big", "t", 5)
                        .get(0)
                        .getPartitionList()
                        .getPartitions())
                .hasSize(5);
        assertThat(client.get_partitions_pspec("big", "t", -1).get(0).getRootPath())
                .isEqualTo(gateway.warehouse() + "/big.db/t");

        assertThat(client.get_partitions_ps("big", "t", List.of("2024-02-03"), (short) -1))
                .hasSize(25)
                .allSatisfy(p -> assertThat(p.getValues().get(0)).isEqualTo("2024-02-03"));
        assertThat(client.get_partitions_ps("big", "t", List.of("", "7"), (short) -1))
                .hasSize(40)
                .allSatisfy(p -> assertThat(p.getValues().get(1)).isEqualTo("7"));
        assertThat(client.get_partitions_ps("big", "t", List.of("", "7"), (short) 4))
                .hasSize(4);
        assertThat(client.get_partitions_ps("big", "t", List.of(), (short) -1)).hasSize(1000);
        assertThat(client.get_partitions_ps_with_auth(
                        "big", "t", List.of("2024-02-01", "3"), (short) -1, "alice", List.of()))
                .extracting(Partition::getValues)
                .containsExactly(List.of("2024-02-01", "3"));
        assertThat(client.get_partition_names_ps("big", "t", List.of("2024-02-39"), (short) -1))
                .hasSize(25)
                .first()
                .isEqualTo("ds=2024-02-39/hr=0");
        assertThatThrownBy(() -> client.get_partitions_ps("big", "t", List.of("a", "1", "x"), (short) -1))
                .isInstanceOf(MetaException.class)
                .hasMessage("Incorrect number of partition values. numPartKeys=2, partVals=[a, 1, x]");

        List<String> some =
                List.of("ds=2024-02-05/hr=9", "ds=2024-02-01/hr=2", "ds=2024-02-01/hr=2", "ds=nope/hr=1", "hr=1");
        assertThat(client.get_partitions_by_names("big", "t", some))
                .extracting(Partition::getValues)
                .containsExactly(List.of("2024-02-01", "2"), List.of("2024-02-05", "9"));
        GetPartitionsByNamesRequest byNames = new GetPartitionsByNamesRequest("big", "t");
        byNames.setNames(new ArrayList<>(expectedNames));
        assertThat(client.get_partitions_by_names_req(byNames).getPartitions()).hasSize(1000);

        assertThat(client.get_num_partitions_by_filter("big", "t", "hr < 10")).isEqualTo(400);
        assertThat(client.get_partitions_by_filter("big", "t", "hr > 20 and ds <= '2024-02-01'", (short) -1))
                .hasSize(8);
        assertThat(client.get_partitions_by_filter("big", "t", "hr > 20", (short) 5))
                .hasSize(5);
    }

    @Test
    void filtersOfTheWholeGrammar() throws Exception {
        tables.database("flt");
        tables.table("flt", "t", false, "s string", "n int");
        String[][] rows = {
            {"a", "2"}, {"b", "10"}, {"c", "-3"}, {"ab", "100"}, {"__HIVE_DEFAULT_PARTITION__", "5"}, {"x y", "7"}
        };
        for (String[] row : rows) {
            client.add_partition(partition("flt", "t", null, row[0], row[1]));
        }
        assertThat(filter("n < 10"))
                .containsExactly("s=__HIVE_DEFAULT_PARTITION__/n=5", "s=a/n=2", "s=c/n=-3", "s=x y/n=7");
        assertThat(filter("n > 2"))
                .containsExactly("s=__HIVE_DEFAULT_PARTITION__/n=5", "s=ab/n=100", "s=b/n=10", "s=x y/n=7");
        assertThat(filter("10 > n")).isEqualTo(filter("n < 10"));
        assertThat(filter("n = 10")).containsExactly("s=b/n=10");
        assertThat(filter("n <> 10")).hasSize(5);
        assertThat(filter("n != 10")).hasSize(5);
        assertThat(filter("n >= 10 and n <= 100")).containsExactly("s=ab/n=100", "s=b/n=10");
        assertThat(filter("n between 2 and 7"))
                .containsExactly("s=__HIVE_DEFAULT_PARTITION__/n=5", "s=a/n=2", "s=x y/n=7");
        assertThat(filter("n not between 2 and 7")).containsExactly("s=ab/n=100", "s=b/n=10", "s=c/n=-3");
        assertThat(filter("(n) in (2, 100)")).containsExactly("s=a/n=2", "s=ab/n=100");
        assertThat(filter("(n) NOT IN (2, 100)")).hasSize(4);
        assertThat(filter("s = 'a'")).containsExactly("s=a/n=2");
        assertThat(filter("s = \"a\"")).containsExactly("s=a/n=2");
        assertThat(filter("'a' = s")).containsExactly("s=a/n=2");
        assertThat(filter("s > 'a'")).containsExactly("s=ab/n=100", "s=b/n=10", "s=c/n=-3", "s=x y/n=7");
        assertThat(filter("s like 'a%'")).containsExactly("s=a/n=2", "s=ab/n=100");
        assertThat(filter("s like '_'")).containsExactly("s=a/n=2", "s=b/n=10", "s=c/n=-3");
        assertThat(filter("s = 'x y'")).containsExactly("s=x y/n=7");
        assertThat(filter("s = '__HIVE_DEFAULT_PARTITION__'")).containsExactly("s=__HIVE_DEFAULT_PARTITION__/n=5");
        assertThat(filter("s <> '__HIVE_DEFAULT_PARTITION__' and n < 3")).containsExactly("s=a/n=2", "s=c/n=-3");
        assertThat(filter("(s = 'a' or s = 'b') and n > 5")).containsExactly("s=b/n=10");
        assertThat(filter("s = 'a' or n = 100 or n = -3")).containsExactly("s=a/n=2", "s=ab/n=100", "s=c/n=-3");
        assertThat(filter("S = 'a'")).containsExactly("s=a/n=2");
        assertThat(filter("")).hasSize(6);
        assertThat(client.get_num_partitions_by_filter("flt", "t", "(s) in ('a', 'b', 'zz')"))
                .isEqualTo(2);
        assertThat(client.get_partitions_ps("flt", "t", List.of("__HIVE_DEFAULT_PARTITION__"), (short) -1))
                .extracting(Partition::getValues)
                .containsExactly(List.of("__HIVE_DEFAULT_PARTITION__", "5"));
        assertThatThrownBy(() -> filter("zz = 1"))
                .isInstanceOf(MetaException.class)
                .hasMessage("Specified key <zz> is not a partitioning key for the table");
        assertThatThrownBy(() -> filter("n = 'a'"))
                .isInstanceOf(MetaException.class)
                .hasMessage("Filtering is supported only on partition keys of type string");
        assertThatThrownBy(() -> filter("s = = 1")).isInstanceOf(MetaException.class);
        assertThatThrownBy(() -> client.get_partitions_by_filter("flt", "missing", "s = 'a'", (short) -1))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Specified catalog.database.table does not exist : hive.flt.missing");
    }

    private static List<String> filter(String filter) throws Exception {
        List<String> names = new ArrayList<>();
        for (Partition partition : client.get_partitions_by_filter("flt", "t", filter, (short) -1)) {
            names.add("s=" + partition.getValues().get(0) + "/n="
                    + partition.getValues().get(1));
        }
        return names;
    }

    @Test
    void alterAndAlterMany() throws Exception {
        tables.database("alt");
        tables.table("alt", "t", false, "ds string");
        client.add_partition(partition("alt", "t", null, "a"));
        client.add_partition(partition("alt", "t", null, "b"));
        Partition a = client.get_partition("alt", "t", List.of("a"));
        a.putToParameters("numRows", "42");
        a.getParameters().remove("transient_lastDdlTime");
        a.getSd().setInputFormat("org.apache.hadoop.hive.ql.io.orc.OrcInputFormat");
        client.alter_partition("alt", "t", a);
        Partition altered = client.get_partition("alt", "t", List.of("a"));
        assertThat(altered.getParameters()).containsEntry("numRows", "42").containsKey("transient_lastDdlTime");
        assertThat(altered.getSd().getInputFormat()).isEqualTo("org.apache.hadoop.hive.ql.io.orc.OrcInputFormat");
        assertThat(altered.getCreateTime()).isEqualTo(a.getCreateTime());

        Partition b = client.get_partition("alt", "t", List.of("b"));
        altered.putToParameters("numRows", "1");
        b.putToParameters("numRows", "2");
        client.alter_partitions("alt", "t", List.of(altered, b));
        assertThat(client.get_partitions("alt", "t", (short) -1))
                .extracting(p -> p.getParameters().get("numRows"))
                .containsExactly("1", "2");

        Partition missing = partition("alt", "t", null, "zz");
        assertThatThrownBy(() -> client.alter_partition("alt", "t", missing))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("alter is not possible: partition values=[zz]");
        assertThatThrownBy(() -> client.alter_partitions("alt", "t", List.of(b, missing)))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("Alter partition operation failed: new parts size 2 not matching with old parts size 1");
        assertThatThrownBy(() -> client.alter_partition("alt", "missing", missing))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage(
                        "alter is not possible: Unable to alter partition because table or database does not exist.");
    }

    @Test
    void renameMovesAManagedPartitionAndKeepsAnExternalOne() throws Exception {
        tables.database("ren");
        tables.table("ren", "m", false, "ds string");
        tables.table("ren", "e", true, "ds string");
        client.add_partition(partition("ren", "m", null, "old"));
        Files.writeString(warehouse("ren.db/m/ds=old/data.txt"), "x");
        Partition renamed = client.get_partition("ren", "m", List.of("old"));
        renamed.setValues(List.of("new/1"));
        client.rename_partition("ren", "m", List.of("old"), renamed);
        assertThat(client.get_partition_names("ren", "m", (short) -1)).containsExactly("ds=new%2F1");
        assertThat(client.get_partition("ren", "m", List.of("new/1")).getSd().getLocation())
                .isEqualTo(gateway.warehouse() + "/ren.db/m/ds=new%2F1");
        assertThat(Files.readString(warehouse("ren.db/m/ds=new%2F1/data.txt"))).isEqualTo("x");
        assertThat(Files.exists(warehouse("ren.db/m/ds=old"))).isFalse();

        client.add_partition(partition("ren", "m", null, "other"));
        Partition clash = client.get_partition("ren", "m", List.of("other"));
        clash.setValues(List.of("new/1"));
        assertThatThrownBy(() -> client.rename_partition("ren", "m", List.of("other"), clash))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("Partition already exists:ren.m.[new/1]");
        assertThatThrownBy(() -> client.rename_partition("ren", "m", List.of("gone"), clash))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("Unable to rename partition because old partition does not exist");

        client.add_partition(partition("ren", "e", null, "old"));
        Partition external = client.get_partition("ren", "e", List.of("old"));
        external.setValues(List.of("new"));
        client.rename_partition("ren", "e", List.of("old"), external);
        assertThat(client.get_partition("ren", "e", List.of("new")).getSd().getLocation())
                .isEqualTo(gateway.warehouse() + "/ren.db/e/ds=old");
        assertThat(Files.isDirectory(warehouse("ren.db/e/ds=old"))).isTrue();
    }

    @Test
    void dropWithDeleteDataRemovesManagedDirectoriesOnly() throws Exception {
        tables.database("drp");
        tables.table("drp", "m", false, "ds string", "hr int");
        tables.table("drp", "e", true, "ds string");
        client.add_partition(partition("drp", "m", null, "a", "1"));
        client.add_partition(partition("drp", "m", null, "a", "2"));
        assertThat(client.drop_partition("drp", "m", List.of("a", "1"), true)).isTrue();
        assertThat(Files.exists(warehouse("drp.db/m/ds=a/hr=1"))).isFalse();
        assertThat(Files.isDirectory(warehouse("drp.db/m/ds=a"))).isTrue();
        assertThat(client.drop_partition_by_name("drp", "m", "ds=a/hr=2", true)).isTrue();
        assertThat(Files.exists(warehouse("drp.db/m/ds=a")))
                .as("empty parent goes too")
                .isFalse();
        assertThat(Files.isDirectory(warehouse("drp.db/m"))).isTrue();
        assertThat(client.get_partition_names("drp", "m", (short) -1)).isEmpty();

        client.add_partition(partition("drp", "m", null, "b", "1"));
        assertThat(client.drop_partition("drp", "m", List.of("b", "1"), false)).isTrue();
        assertThat(Files.isDirectory(warehouse("drp.db/m/ds=b/hr=1"))).isTrue();

        client.add_partition(partition("drp", "e", null, "x"));
        assertThat(client.drop_partition("drp", "e", List.of("x"), true)).isTrue();
        assertThat(Files.isDirectory(warehouse("drp.db/e/ds=x"))).isTrue();

        assertThatThrownBy(() -> client.drop_partition("drp", "m", List.of("zz", "1"), true))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("partition values=[zz, 1]");
        assertThatThrownBy(() -> client.drop_partition("drp", "missing", List.of("zz"), true))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Unable to get partition because hive.drp.missing does not exist");
        assertThatThrownBy(() -> client.drop_partition_by_name("drp", "missing", "ds=zz", true))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("drp.missing table not found");
    }

    @Test
    void dropPartitionsReqByNames() throws Exception {
        tables.database("drq");
        tables.table("drq", "t", false, "ds string");
        for (String value : List.of("a", "b", "c", "d")) {
            client.add_partition(partition("drq", "t", null, value));
        }
        DropPartitionsRequest request =
                new DropPartitionsRequest("drq", "t", RequestPartsSpec.names(List.of("ds=a", "ds=b")));
        request.setDeleteData(true);
        DropPartitionsResult result = client.drop_partitions_req(request);
        assertThat(result.getPartitions()).extracting(Partition::getValues).containsExactly(List.of("a"), List.of("b"));
        assertThat(Files.exists(warehouse("drq.db/t/ds=a"))).isFalse();
        assertThat(Files.isDirectory(warehouse("drq.db/t/ds=c"))).isTrue();

        DropPartitionsRequest missing =
                new DropPartitionsRequest("drq", "t", RequestPartsSpec.names(List.of("ds=c", "ds=zz")));
        assertThatThrownBy(() -> client.drop_partitions_req(missing))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Some partitions to drop are missing");
        assertThat(client.get_partition_names("drq", "t", (short) -1)).containsExactly("ds=c", "ds=d");
        missing.setIfExists(true);
        missing.setNeedResult(false);
        assertThat(client.drop_partitions_req(missing).isSetPartitions()).isFalse();
        assertThat(client.get_partition_names("drq", "t", (short) -1)).containsExactly("ds=d");

        DropPartitionsRequest byExpr = new DropPartitionsRequest(
                "drq",
                "t",
                RequestPartsSpec.exprs(List.of(new org.apache.hadoop.hive.metastore.api.DropPartitionsExpr(
                        java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3})))));
        // this gateway has no reader of Hive's expressions (the launcher's build lays one out)
        assertThatThrownBy(() -> client.drop_partitions_req(byExpr))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("reads no partition expressions");
        assertThat(client.get_partition_names("drq", "t", (short) -1)).containsExactly("ds=d");
    }

    @Test
    void tablesWithoutPartitionKeysHaveNoPartitions() throws Exception {
        tables.database("flat");
        tables.table("flat", "t", false);
        assertThat(client.get_partitions("flat", "t", (short) -1)).isEmpty();
        assertThat(client.get_partition_names("flat", "t", (short) -1)).isEmpty();
        assertThat(client.get_partitions_by_filter("flat", "t", "", (short) -1)).isEmpty();
        assertThat(client.get_num_partitions_by_filter("flat", "t", "")).isZero();
        assertThat(client.get_partition_names("flat", "missing", (short) -1)).isEmpty();
        assertThatThrownBy(() -> client.get_partition("flat", "t", List.of("a")))
                .isInstanceOf(NoSuchObjectException.class);
        assertThatThrownBy(() -> client.add_partition(partition("flat", "t", null, "a")))
                .isInstanceOf(MetaException.class)
                .hasMessage("Invalid partition key & values; keys [], values [a, ]");
    }

    @Test
    void withoutAReaderOfExpressionsTheirCallsAreUnknownSoClientsFallBack() throws Exception {
        PartitionsByExprRequest request =
                new PartitionsByExprRequest("flt", "t", java.nio.ByteBuffer.wrap(new byte[] {1}));
        assertThatThrownBy(() -> gateway.client().get_partitions_by_expr(request))
                .isInstanceOfSatisfying(
                        TApplicationException.class,
                        e -> assertThat(e.getType()).isEqualTo(TApplicationException.UNKNOWN_METHOD));
        assertThatThrownBy(() -> gateway.client().get_partitions_spec_by_expr(request))
                .isInstanceOfSatisfying(
                        TApplicationException.class,
                        e -> assertThat(e.getType()).isEqualTo(TApplicationException.UNKNOWN_METHOD));
        // get_partition_names_req is served for the empty expression only; another is refused as the
        // standalone HMS 4.0.1 refuses it.
        assertThatThrownBy(() -> gateway.client().get_partition_names_req(request))
                .isInstanceOf(org.apache.hadoop.hive.metastore.api.MetaException.class)
                .hasMessage("java.lang.UnsupportedOperationException");
    }
}
