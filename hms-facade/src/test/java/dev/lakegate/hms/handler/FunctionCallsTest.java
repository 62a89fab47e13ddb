package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.FunctionResource;
import dev.lakegate.catalog.v1.FunctionType;
import dev.lakegate.catalog.v1.Namespace;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.GetFunctionsRequest;
import org.apache.hadoop.hive.metastore.api.GetFunctionsResponse;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.ResourceType;
import org.apache.hadoop.hive.metastore.api.ResourceUri;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Functions through a raw Hive 4.1 Thrift client, each call checked field by field and each error
 * by type and message against what HMSHandler and ObjectStore (Hive 4.0.1) answer.
 */
class FunctionCallsTest {

    @RegisterExtension
    final FacadeGateway gateway = FacadeGateway.create();

    private CatalogClient catalog;
    private ThriftHiveMetastore.Client client;

    @BeforeEach
    void start() throws Exception {
        catalog = gateway.catalog();
        catalog.createNamespace(Namespace.newBuilder().setName("fdb").build());
        catalog.createNamespace(Namespace.newBuilder().setName("other").build());
        client = gateway.client();
        client.set_ugi("alice", List.of("staff"));
    }

    @Test
    void createdFunctionReadsBackWithEveryField() throws Exception {
        long before = Instant.now().getEpochSecond();
        Function sent = function("FDB", "MyUpper", "com.example.Upper");
        sent.setOwnerName("bob");
        sent.setOwnerType(PrincipalType.ROLE);
        sent.setCreateTime(12345); // HMS stamps its own time
        client.create_function(sent);
        long after = Instant.now().getEpochSecond();

        Function read = client.get_function("fdb", "myupper");
        assertThat(read.getFunctionName()).isEqualTo("myupper");
        assertThat(read.getDbName()).isEqualTo("fdb");
        assertThat(read.getClassName()).isEqualTo("com.example.Upper");
        assertThat(read.getOwnerName()).isEqualTo("bob");
        assertThat(read.getOwnerType()).isEqualTo(PrincipalType.ROLE);
        assertThat(read.getFunctionType()).isEqualTo(org.apache.hadoop.hive.metastore.api.FunctionType.JAVA);
        assertThat(read.getCatName()).isEqualTo("hive");
        assertThat((long) read.getCreateTime()).isBetween(before, after);
        assertThat(read.getResourceUris())
                .containsExactly(
                        new ResourceUri(ResourceType.JAR, "hdfs:///udf/upper.jar"),
                        new ResourceUri(ResourceType.FILE, "hdfs:///udf/dict.txt"),
                        new ResourceUri(ResourceType.ARCHIVE, "hdfs:///udf/lib.zip"));

        // Names are matched without case, and Hive 3+ clients put the catalog in the database argument.
        assertThat(client.get_function("@hive#FDB", "MYUPPER")).isEqualTo(read);
        // The same function natively.
        dev.lakegate.catalog.v1.Function stored = catalog.getFunction("", "fdb", "myupper");
        assertThat(stored.getClassName()).isEqualTo("com.example.Upper");
        assertThat(stored.getResourcesList())
                .extracting(FunctionResource::getUri)
                .containsExactly("hdfs:///udf/upper.jar", "hdfs:///udf/dict.txt", "hdfs:///udf/lib.zip");
    }

    @Test
    void ownerDefaultsToTheCallerAndNativeFunctionsShowThroughHms() throws Exception {
        client.create_function(function("fdb", "anon", "com.example.Anon"));
        assertThat(client.get_function("fdb", "anon").getOwnerName()).isEqualTo("alice");

        catalog.createFunction(dev.lakegate.catalog.v1.Function.newBuilder()
                .setNamespace("other")
                .setName("nat")
                .setClassName("com.example.Native")
                .setOwner("carol")
                .setType(FunctionType.JAVA)
                .addResources(FunctionResource.newBuilder()
                        .setType(dev.lakegate.catalog.v1.ResourceType.JAR)
                        .setUri("s3://b/n.jar"))
                .build());
        Function seen = client.get_function("other", "nat");
        assertThat(seen.getClassName()).isEqualTo("com.example.Native");
        assertThat(seen.getOwnerName()).isEqualTo("carol");
        assertThat(seen.getFunctionType()).isEqualTo(org.apache.hadoop.hive.metastore.api.FunctionType.JAVA);
        assertThat(seen.getResourceUris()).containsExactly(new ResourceUri(ResourceType.JAR, "s3://b/n.jar"));
        assertThat(seen.getCreateTime()).isPositive();
    }

    @Test
    void createRefusesWhatHmsRefuses() throws Exception {
        client.create_function(function("fdb", "dup", "com.example.Dup"));
        assertThatThrownBy(() -> client.create_function(function("fdb", "Dup", "com.example.Dup")))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage("Function Dup already exists");
        assertThatThrownBy(() -> client.create_function(function("nodb", "f", "com.example.F")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("database hive.nodb");
        assertThatThrownBy(() -> client.create_function(function("fdb", "bad-name", "com.example.F")))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("bad-name is not a valid object name");
        assertThatThrownBy(() -> client.create_function(function("fdb", "f", null)))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("Function class name cannot be null");
        Function noOwnerType = function("fdb", "f", "com.example.F");
        noOwnerType.setOwnerType(null);
        assertThatThrownBy(() -> client.create_function(noOwnerType))
                .isInstanceOf(MetaException.class)
                .hasMessage("Function owner type cannot be null.");
        Function noType = function("fdb", "f", "com.example.F");
        noType.setFunctionType(null);
        assertThatThrownBy(() -> client.create_function(noType))
                .isInstanceOf(MetaException.class)
                .hasMessage("Function type cannot be null.");
        assertThatThrownBy(() -> client.create_function(function(null, "f", "com.example.F")))
                .isInstanceOf(MetaException.class)
                .hasMessage("Database name in Function cannot be null.");
        assertThatThrownBy(() -> client.create_function(function("fdb", null, "com.example.F")))
                .isInstanceOf(MetaException.class)
                .hasMessage("Function name cannot be null.");
        Function otherCatalog = function("fdb", "f", "com.example.F");
        otherCatalog.setCatName("spark");
        assertThatThrownBy(() -> client.create_function(otherCatalog))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("database spark.fdb");
        // Nothing of the refused calls was stored.
        assertThat(client.get_functions("fdb", "*")).containsExactly("dup");
    }

    @Test
    void getOfAMissingFunctionSaysItDoesNotExist() throws Exception {
        assertThatThrownBy(() -> client.get_function("fdb", "nope"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Function fdb.nope does not exist");
        assertThatThrownBy(() -> client.get_function("@hive#fdb", "Nope"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Function @hive#fdb.Nope does not exist");
        assertThatThrownBy(() -> client.get_function("nodb", "f"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Function nodb.f does not exist");
        assertThatThrownBy(() -> client.get_function("fdb", "not.a.name"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Function fdb.not.a.name does not exist");
        client.create_function(function("fdb", "f", "com.example.F"));
        assertThatThrownBy(() -> client.get_function("@spark#fdb", "f"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Function @spark#fdb.f does not exist");
    }

    @Test
    void getFunctionsMatchesPatternsAsHmsDoes() throws Exception {
        for (String name : List.of("f_two", "F_One", "g_three")) {
            client.create_function(function("fdb", name, "com.example.F"));
        }
        client.create_function(function("other", "f_elsewhere", "com.example.F"));
        assertThat(client.get_functions("fdb", "*")).containsExactly("f_one", "f_two", "g_three");
        assertThat(client.get_functions("fdb", null)).containsExactly("f_one", "f_two", "g_three");
        assertThat(client.get_functions("fdb", "f_*")).containsExactly("f_one", "f_two");
        assertThat(client.get_functions("FDB", "F_ONE|g*")).containsExactly("f_one", "g_three");
        assertThat(client.get_functions("@hive#fdb", "*three")).containsExactly("g_three");
        assertThat(client.get_functions("fdb", "")).isEmpty();
        assertThat(client.get_functions("fdb", "nothing")).isEmpty();
        assertThat(client.get_functions("nodb", "*")).isEmpty();
        assertThat(client.get_functions("@spark#fdb", "*")).isEmpty();
    }

    @Test
    void getFunctionsReqAnswersNamesOrFunctions() throws Exception {
        client.create_function(function("fdb", "b_fun", "com.example.B"));
        client.create_function(function("fdb", "a_fun", "com.example.A"));
        client.create_function(function("fdb", "c_other", "com.example.C"));

        GetFunctionsRequest names = new GetFunctionsRequest("fdb");
        names.setPattern("*_fun");
        assertThat(names.isReturnNames()).as("the IDL's default").isTrue();
        GetFunctionsResponse answer = client.get_functions_req(names);
        assertThat(answer.getFunction_names()).containsExactly("a_fun", "b_fun");
        assertThat(answer.isSetFunctions()).isFalse();

        GetFunctionsRequest whole = new GetFunctionsRequest("fdb");
        whole.setCatalogName("hive");
        whole.setReturnNames(false);
        answer = client.get_functions_req(whole);
        assertThat(answer.isSetFunction_names()).isFalse();
        assertThat(answer.getFunctions())
                .extracting(Function::getFunctionName)
                .containsExactly("a_fun", "b_fun", "c_other");
        assertThat(answer.getFunctions().get(0)).isEqualTo(client.get_function("fdb", "a_fun"));

        GetFunctionsRequest elsewhere = new GetFunctionsRequest("fdb");
        elsewhere.setCatalogName("spark");
        assertThat(client.get_functions_req(elsewhere).getFunction_names()).isEmpty();
        assertThat(client.get_functions_req(new GetFunctionsRequest("nodb")).getFunction_names())
                .isEmpty();
    }

    @Test
    void getAllFunctionsHasEveryFunctionOfEveryDatabase() throws Exception {
        assertThat(client.get_all_functions().getFunctions()).isEmpty();
        client.create_function(function("other", "zeta", "com.example.Z"));
        client.create_function(function("fdb", "beta", "com.example.B"));
        client.create_function(function("fdb", "alpha", "com.example.A"));
        List<Function> all = client.get_all_functions().getFunctions();
        List<String> qualified = new ArrayList<>();
        all.forEach(f -> qualified.add(f.getDbName() + "." + f.getFunctionName()));
        assertThat(qualified).containsExactly("fdb.alpha", "fdb.beta", "other.zeta");
        assertThat(all.get(2)).isEqualTo(client.get_function("other", "zeta"));
    }

    @Test
    void alterChangesWhatHmsChangesAndKeepsResourcesAndCreateTime() throws Exception {
        Function original = function("fdb", "old_name", "com.example.Old");
        original.setOwnerName("bob");
        client.create_function(original);
        Function created = client.get_function("fdb", "old_name");

        Function changed = function("other", "New_Name", "com.example.New");
        changed.setOwnerName("dave");
        changed.setOwnerType(PrincipalType.GROUP);
        changed.setResourceUris(List.of(new ResourceUri(ResourceType.JAR, "hdfs:///ignored.jar")));
        changed.setCreateTime(1);
        client.alter_function("fdb", "OLD_NAME", changed);

        assertThatThrownBy(() -> client.get_function("fdb", "old_name")).isInstanceOf(NoSuchObjectException.class);
        Function moved = client.get_function("other", "new_name");
        assertThat(moved.getFunctionName()).isEqualTo("new_name");
        assertThat(moved.getDbName()).isEqualTo("other");
        assertThat(moved.getClassName()).isEqualTo("com.example.New");
        assertThat(moved.getOwnerName()).isEqualTo("dave");
        assertThat(moved.getOwnerType()).isEqualTo(PrincipalType.GROUP);
        assertThat(moved.getResourceUris()).isEqualTo(created.getResourceUris());
        assertThat(moved.getCreateTime()).isEqualTo(created.getCreateTime());
    }

    @Test
    void alterRefusesWithMetaExceptionsInHmsWords() throws Exception {
        client.create_function(function("fdb", "f", "com.example.F"));
        assertThatThrownBy(() -> client.alter_function("fdb", "Nope", function("fdb", "nope", "com.example.F")))
                .isInstanceOf(MetaException.class)
                .hasMessage("function nope doesn't exist");
        assertThatThrownBy(() -> client.alter_function("fdb", "f", function("nodb", "f", "com.example.F")))
                .isInstanceOf(MetaException.class)
                .hasMessage("Database nodb doesn't exist.");
        assertThatThrownBy(() -> client.alter_function("nodb", "f", function("NoDb", "f", "com.example.F")))
                .as("the new function's database is resolved first")
                .isInstanceOf(MetaException.class)
                .hasMessage("Database NoDb doesn't exist.");
        assertThatThrownBy(() -> client.alter_function("fdb", "f", function("fdb", "bad-name", "com.example.F")))
                .isInstanceOf(MetaException.class)
                .hasMessage("bad-name is not a valid object name");
        assertThatThrownBy(() -> client.alter_function("fdb", "f", function("fdb", "f", null)))
                .isInstanceOf(MetaException.class)
                .hasMessage("Function class name cannot be null");
        Function otherCatalog = function("fdb", "f", "com.example.F");
        otherCatalog.setCatName("spark");
        assertThatThrownBy(() -> client.alter_function("fdb", "f", otherCatalog))
                .isInstanceOf(MetaException.class)
                .hasMessage("You cannot move a function between catalogs");
        assertThatThrownBy(() -> client.alter_function("@hive#", "f", function("fdb", "f", "com.example.F")))
                .isInstanceOf(MetaException.class)
                .hasMessage("Database and function name cannot be null.");
        assertThat(client.get_function("fdb", "f").getClassName()).isEqualTo("com.example.F");
    }

    @Test
    void dropRemovesAndAMissingFunctionIsNoSuchObject() throws Exception {
        client.create_function(function("fdb", "gone", "com.example.G"));
        client.drop_function("@hive#FDB", "GONE");
        assertThat(client.get_functions("fdb", "*")).isEmpty();
        assertThatThrownBy(() -> catalog.getFunction("", "fdb", "gone"))
                .isInstanceOf(dev.lakegate.catalog.client.CatalogClientException.class);
        assertThatThrownBy(() -> client.drop_function("fdb", "Gone"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Function Gone does not exist");
        assertThatThrownBy(() -> client.drop_function("nodb", "x"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Function x does not exist");
        assertThatThrownBy(() -> client.drop_function("fdb", "not.a.name"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Function not.a.name does not exist");
        assertThatThrownBy(() -> client.drop_function("@hive#", "x"))
                .isInstanceOf(MetaException.class)
                .hasMessage("Database name cannot be null.");
    }

    private static Function function(String database, String name, String className) {
        Function function = new Function(
                name,
                database,
                className,
                null,
                PrincipalType.USER,
                0,
                org.apache.hadoop.hive.metastore.api.FunctionType.JAVA,
                new ArrayList<>(List.of(
                        new ResourceUri(ResourceType.JAR, "hdfs:///udf/upper.jar"),
                        new ResourceUri(ResourceType.FILE, "hdfs:///udf/dict.txt"),
                        new ResourceUri(ResourceType.ARCHIVE, "hdfs:///udf/lib.zip"))));
        function.unsetCreateTime();
        return function;
    }
}
