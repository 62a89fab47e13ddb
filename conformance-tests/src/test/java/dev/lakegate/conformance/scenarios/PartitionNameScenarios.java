package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Partition names: values escaped as Hive escapes path names ({@code / = : % #} and the rest, not spaces,
 * not unicode), in the name, the location and the folder; and the names parsed back by
 * {@code partition_name_to_vals} / {@code partition_name_to_spec}.
 */
@SuppressWarnings("deprecation")
public abstract class PartitionNameScenarios extends ScenarioSupport {

    static Stream<Arguments> values() {
        return Stream.of(
                Arguments.of("a/b", "a%2Fb"),
                Arguments.of("a=b", "a%3Db"),
                Arguments.of("a:b", "a%3Ab"),
                Arguments.of("100%", "100%25"),
                Arguments.of("a#b", "a%23b"),
                Arguments.of("with space", "with space"),
                Arguments.of("grüße 日本", "grüße 日本"),
                Arguments.of("a?b*c", "a%3Fb%2Ac"),
                Arguments.of("it's \"q\"", "it%27s %22q%22"),
                Arguments.of("{[x]}^", "%7B%5Bx%5D}%5E"),
                Arguments.of("back\\slash", "back%5Cslash"),
                Arguments.of("tab\there", "tab%09here"),
                Arguments.of("%2F", "%252F"),
                Arguments.of("a b/c=d", "a b%2Fc%3Dd"),
                Arguments.of("日本/東京", "日本%2F東京"),
                Arguments.of("ctl\u0001x", "ctl%01x"),
                Arguments.of("del\u007Fx", "del%7Fx"),
                Arguments.of("x]", "x%5D"));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("values")
    void aValueIsEscapedInTheNameTheLocationAndTheFolder(String value, String escaped) throws Exception {
        String db = newDatabase("names_db");
        client.createTable(table(db, "n", new FieldSchema("k", "string", null)));
        Table t = client.getTable(db, "n");
        client.add_partition(partition(t, value));

        String name = "k=" + escaped;
        assertThat(client.listPartitionNames(db, "n", (short) -1)).containsExactly(name);
        Partition byName = client.getPartition(db, "n", name);
        assertThat(byName.getValues()).containsExactly(value);
        assertThat(byName.getSd().getLocation()).isEqualTo(target().warehouseUri() + "/" + db + ".db/n/" + name);
        assertThat(Files.isDirectory(warehouse().resolve(db + ".db/n/" + name))).isTrue();
        assertThat(client.partitionNameToVals(name)).containsExactly(value);
        if (!value.contains("\"") && !value.contains("'") && !value.contains("\\")) {
            assertThat(client.listPartitionsByFilter(db, "n", "k = \"" + value + "\"", (short) -1))
                    .extracting(Partition::getValues)
                    .containsExactly(List.of(value));
        }
    }

    static Stream<Arguments> names() {
        Map<String, String> two = new LinkedHashMap<>();
        two.put("ds", "2024-01-01");
        two.put("hr", "7");
        Map<String, String> escaped = new LinkedHashMap<>();
        escaped.put("p", "a/b=c");
        escaped.put("q", "50%");
        return Stream.of(
                Arguments.of("ds=2024-01-01/hr=7", List.of("2024-01-01", "7"), two),
                Arguments.of("p=a%2Fb%3Dc/q=50%25", List.of("a/b=c", "50%"), escaped),
                Arguments.of("k=with space", List.of("with space"), Map.of("k", "with space")),
                Arguments.of("k=", List.of(), Map.of()),
                Arguments.of("nokey", List.of(), Map.of()),
                Arguments.of("a=1/b", List.of("1"), Map.of("a", "1")));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("names")
    void aNameIsParsedBackIntoValuesAndASpec(String name, List<String> values, Map<String, String> spec)
            throws Exception {
        assertThat(client.partitionNameToVals(name)).isEqualTo(values);
        assertThat(client.partitionNameToSpec(name)).isEqualTo(spec);
    }
}
