package dev.lakegate.translator.names;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.translator.error.HmsFailure;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PartitionNamesTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '~',
            value = {
                "2020-01-01|2020-01-01",
                "a/b|a%2Fb",
                "k=v|k%3Dv",
                "10:30|10%3A30",
                "100%|100%25",
                "#1|%231",
                "with space|with space",
                "ünïcødé €|ünïcødé €",
                "a\"b'c|a%22b%27c",
                "*?\\|%2A%3F%5C",
                "{[^]}|%7B%5B%5E%5D}",
            })
    void escapesAsHiveDoesAndUnescapesBack(String value, String escaped) {
        assertThat(PartitionNames.escape(value)).isEqualTo(escaped);
        assertThat(PartitionNames.unescape(escaped)).isEqualTo(value);
    }

    @Test
    void escapesControlCharacters() {
        assertThat(PartitionNames.escape("\u0000a\tb\u001f\u007f")).isEqualTo("%00a%09b%1F%7F");
        assertThat(PartitionNames.unescape("%00a%09b%1F%7F")).isEqualTo("\u0000a\tb\u001f\u007f");
    }

    @Test
    void emptyAndNullAreTheDefaultPartition() {
        assertThat(PartitionNames.escape("")).isEqualTo("__HIVE_DEFAULT_PARTITION__");
        assertThat(PartitionNames.escape(null)).isEqualTo("__HIVE_DEFAULT_PARTITION__");
        assertThat(PartitionNames.name(List.of("ds", "hr"), Arrays.asList("", null)))
                .isEqualTo("ds=__HIVE_DEFAULT_PARTITION__/hr=__HIVE_DEFAULT_PARTITION__");
    }

    @Test
    void unescapeKeepsWhatIsNotAnEscape() {
        assertThat(PartitionNames.unescape("100%")).isEqualTo("100%");
        assertThat(PartitionNames.unescape("%zz")).isEqualTo("%zz");
        assertThat(PartitionNames.unescape("%2")).isEqualTo("%2");
        assertThat(PartitionNames.unescape("%-1")).isEqualTo("%-1");
        assertThat(PartitionNames.unescape("%41%42")).isEqualTo("AB");
    }

    @Test
    void namesLowerCaseKeysAndEscapeBoth() {
        assertThat(PartitionNames.name(List.of("DS", "Country"), List.of("2020-01-01", "a/b=c")))
                .isEqualTo("ds=2020-01-01/country=a%2Fb%3Dc");
        assertThatThrownBy(() -> PartitionNames.name(List.of("ds", "hr"), List.of("1")))
                .isInstanceOf(HmsFailure.class)
                .hasMessage("Invalid partition key & values; keys [ds, hr, ], values [1, ]");
    }

    @Test
    void readsNamesBack() {
        assertThat(PartitionNames.toSpec("ds=2020-01-01/country=a%2Fb%3Dc"))
                .containsExactly(Map.entry("ds", "2020-01-01"), Map.entry("country", "a/b=c"));
        assertThat(PartitionNames.toValues("ds=1/hr=__HIVE_DEFAULT_PARTITION__"))
                .containsExactly("1", "__HIVE_DEFAULT_PARTITION__");
        assertThat(PartitionNames.toValues("")).isEmpty();
        assertThat(PartitionNames.toSpec("ds=1//hr=2/")).containsExactly(Map.entry("ds", "1"), Map.entry("hr", "2"));
        assertThat(PartitionNames.toSpec("junk/ds=1/=x/y=")).containsExactly(Map.entry("ds", "1"));
        assertThat(PartitionNames.toSpec("a=b=c")).containsExactly(Map.entry("a=b", "c"));
    }

    @Test
    void valuesForTheTableKeys() {
        assertThat(PartitionNames.valuesFor("hr=5/ds=x", List.of("ds", "hr"))).containsExactly("x", "5");
        assertThatThrownBy(() -> PartitionNames.valuesFor("DS=x", List.of("ds")))
                .isInstanceOf(HmsFailure.class)
                .hasMessage("incomplete partition name - missing ds");
        assertThatThrownBy(() -> PartitionNames.valuesFor("", List.of("ds")))
                .isInstanceOf(HmsFailure.class)
                .hasMessage("Partition name is invalid. ");
    }
}
