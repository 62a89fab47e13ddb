package dev.lakegate.hms.idl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.facebook.fb303.FacebookService;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.apache.hadoop.hive.metastore.api.Index;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TBase;
import org.apache.thrift.TDeserializer;
import org.apache.thrift.TSerializer;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TProtocolException;
import org.apache.thrift.protocol.TProtocolFactory;
import org.junit.jupiter.api.Test;

/**
 * The API classes on this module's runtime classpath (libthrift 0.25, fb303, slf4j, the base Hive jar
 * with every transitive dependency cut, and the unpacked legacy classes) all load, link and work.
 */
class ApiClassesTest {

    private static final String API_DIR = "org/apache/hadoop/hive/metastore/api/";

    /** Every API class: the base jar's, the legacy ones unpacked into this module, fb303's. */
    static List<String> apiClasses() throws IOException, URISyntaxException {
        List<String> names = new ArrayList<>();
        names.addAll(jarClasses(ThriftHiveMetastore.class, API_DIR));
        names.addAll(jarClasses(FacebookService.class, "com/facebook/fb303/"));
        Path classes = Paths.get(
                Index.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (Stream<Path> files = Files.walk(classes.resolve(API_DIR))) {
            files.filter(p -> p.toString().endsWith(".class"))
                    .forEach(p ->
                            names.add(className(classes.relativize(p).toString().replace('\\', '/'))));
        }
        return names;
    }

    private static List<String> jarClasses(Class<?> anchor, String dir) throws IOException, URISyntaxException {
        Path jar = Paths.get(
                anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return Collections.list(zip.entries()).stream()
                    .map(e -> e.getName())
                    .filter(n -> n.startsWith(dir) && n.endsWith(".class"))
                    .map(ApiClassesTest::className)
                    .toList();
        }
    }

    private static String className(String entry) {
        return entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
    }

    @Test
    void everyApiClassLoadsAndInitializes() throws Exception {
        List<String> failures = new ArrayList<>();
        List<String> names = apiClasses();
        for (String name : names) {
            try {
                Class.forName(name, true, getClass().getClassLoader());
            } catch (Throwable t) {
                failures.add(name + ": " + t);
            }
        }
        assertThat(failures).isEmpty();
        // The base jar's ~6900 API classes, 146 legacy ones, fb303's.
        assertThat(names).hasSizeGreaterThan(7000);
    }

    @Test
    void theHeavyDependenciesAreNotThere() {
        for (String absent : new String[] {
            "org.apache.hadoop.conf.Configuration", // Hadoop
            "org.datanucleus.api.jdo.JDOPersistenceManagerFactory",
            "org.apache.derby.jdbc.EmbeddedDriver",
            "org.eclipse.jetty.server.Server",
            "org.apache.hadoop.hbase.HBaseConfiguration",
            "org.apache.calcite.rel.RelNode",
            "org.apache.orc.OrcFile",
            "org.apache.curator.framework.CuratorFramework",
            "com.google.common.collect.ImmutableList", // Guava
            "com.google.protobuf.Message", // for the jar's unused gRPC classes
            "org.apache.commons.lang3.StringUtils", // libthrift's partial deserialization
            "org.apache.hc.client5.http.classic.HttpClient", // libthrift's HTTP client transport
            "jakarta.servlet.http.HttpServlet"
        }) {
            assertThatThrownBy(() -> Class.forName(absent, false, getClass().getClassLoader()))
                    .as(absent)
                    .isInstanceOf(ClassNotFoundException.class);
        }
    }

    @Test
    void everyStructRoundTripsThroughBothProtocols() throws Exception {
        int structs = 0;
        int roundTripped = 0;
        int requiredUnset = 0;
        for (String name : apiClasses()) {
            Class<?> type = Class.forName(name);
            if (!TBase.class.isAssignableFrom(type) || Modifier.isAbstract(type.getModifiers())) {
                continue;
            }
            structs++;
            for (TProtocolFactory protocol : List.of(new TBinaryProtocol.Factory(), new TCompactProtocol.Factory())) {
                TBase<?, ?> empty = (TBase<?, ?>) type.getConstructor().newInstance();
                byte[] bytes;
                try {
                    bytes = new TSerializer(protocol).serialize(empty);
                } catch (TProtocolException e) {
                    // validate() refuses a struct with required fields unset, a union with none set: the
                    // contract.
                    assertThat(e.getMessage()).as(name).containsAnyOf("Required field", "TUnion with no set value");
                    requiredUnset++;
                    continue;
                }
                TBase<?, ?> back = (TBase<?, ?>) type.getConstructor().newInstance();
                new TDeserializer(protocol).deserialize(back, bytes);
                assertThat(back).as(name).isEqualTo(empty);
                roundTripped++;
            }
        }
        // Every struct, args and result class (some 950), a part of them with required fields.
        assertThat(structs).isGreaterThan(900);
        assertThat(roundTripped + requiredUnset).isEqualTo(2 * structs);
        assertThat(roundTripped).isGreaterThan(structs);
    }

    @Test
    void fullStructsRoundTrip() throws Exception {
        Table table = RoundTripTest.table();
        Index index = new Index(
                "idx", "compact", "db", "events", 1, 2, "db__events_idx__", table.getSd(), Map.of("k", "v"), true);
        for (TProtocolFactory protocol : List.of(new TBinaryProtocol.Factory(), new TCompactProtocol.Factory())) {
            Table t = new Table();
            new TDeserializer(protocol).deserialize(t, new TSerializer(protocol).serialize(table));
            assertThat(t).isEqualTo(table).hasSameHashCodeAs(table);
            // (compareTo is no equality test here: it also compares isset bits, and a default-requiredness
            // primitive left unset, such as sd.compressed, is written anyway and set once read.)
            assertThat(t.deepCopy()).isEqualTo(table);

            // A 2.3-generated struct (Thrift 0.14) around 4.1 structs, on libthrift 0.25.
            Index i = new Index();
            new TDeserializer(protocol).deserialize(i, new TSerializer(protocol).serialize(index));
            assertThat(i).isEqualTo(index);
            assertThat(i.getSd()).isEqualTo(table.getSd());
        }
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void legacyNestedClassesWorkOnTheWireButNotThroughGenericFieldAccess() throws Exception {
        TBase args = (TBase) Class.forName(ReferenceRelease.SERVICE + "$get_table_args")
                .getConstructor()
                .newInstance();
        Beans.set(args, "dbname", "db");
        Beans.set(args, "tbl_name", "t");
        TBase back = (TBase) args.getClass().getConstructor().newInstance();
        TProtocolFactory protocol = new TBinaryProtocol.Factory();
        new TDeserializer(protocol).deserialize(back, new TSerializer(protocol).serialize(args));
        assertThat(back).isEqualTo(args);
        assertThat(back.toString()).isEqualTo("get_table_args(dbname:db, tbl_name:t)");
        assertThat(Beans.get(back, "tbl_name")).isEqualTo("t");
        // Its switch map lives in the old release's ThriftHiveMetastore$1, which the base replaces:
        // why LegacyMethods goes through bean accessors only.
        assertThatThrownBy(() -> back.getFieldValue(back.fieldForId(1))).isInstanceOf(NoSuchFieldError.class);
    }
}
