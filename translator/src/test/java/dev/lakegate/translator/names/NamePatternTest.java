package dev.lakegate.translator.names;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.translator.error.HmsFailure;
import java.util.List;
import org.junit.jupiter.api.Test;

class NamePatternTest {

    private static final List<String> TABLES = List.of("sales", "sales_2020", "Orders", "orders_eu", "x");

    @Test
    void nullMeansAllAndResultsAreSorted() {
        assertThat(NamePattern.forTables(null).filter(TABLES))
                .containsExactly("Orders", "orders_eu", "sales", "sales_2020", "x");
        assertThat(NamePattern.forDatabases(null).matchesAll()).isTrue();
        assertThat(NamePattern.forDatabases("*").matchesAll()).isTrue();
    }

    @Test
    void emptyMatchesNothing() {
        assertThat(NamePattern.forTables("").filter(TABLES)).isEmpty();
        assertThat(NamePattern.forDatabases("").filter(TABLES)).isEmpty();
    }

    @Test
    void starAlternativesWholeMatchWithoutCase() {
        assertThat(NamePattern.forTables("sales*").filter(TABLES)).containsExactly("sales", "sales_2020");
        assertThat(NamePattern.forTables("*").filter(TABLES)).hasSize(5);
        assertThat(NamePattern.forTables(".*").filter(TABLES)).hasSize(5);
        assertThat(NamePattern.forTables("ORDERS|x").filter(TABLES)).containsExactly("Orders", "x");
        assertThat(NamePattern.forTables("  orders*  ").filter(TABLES)).containsExactly("Orders", "orders_eu");
        assertThat(NamePattern.forTables("ale").filter(TABLES)).isEmpty();
        assertThat(NamePattern.forTables("s.les").filter(TABLES)).containsExactly("sales");
        assertThat(NamePattern.forTables("x|").filter(TABLES)).containsExactly("x");
        assertThat(NamePattern.forDatabases("SALES").filter(TABLES)).containsExactly("sales");
    }

    @Test
    void aBrokenRegexIsMetaException() {
        assertThatThrownBy(() -> NamePattern.forTables("a[")).isInstanceOf(HmsFailure.class)
                .hasMessageStartingWith("Invalid name pattern 'a[': ");
    }
}
