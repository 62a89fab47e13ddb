package dev.lakegate.translator.names;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.translator.error.HmsFailure;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
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
    void theRequiredPrefixIsThePlainStartOfEveryAlternative() {
        assertThat(NamePattern.forTables("t00*").requiredPrefix()).isEqualTo("t00");
        assertThat(NamePattern.forTables("ORDER_EU").requiredPrefix()).isEqualTo("order_eu");
        assertThat(NamePattern.forTables("web_a*|web_b*").requiredPrefix()).isEqualTo("web_");
        assertThat(NamePattern.forTables("abc|xyz").requiredPrefix()).isEmpty();
        assertThat(NamePattern.forTables("ab?c").requiredPrefix()).isEqualTo("a");
        assertThat(NamePattern.forTables("ab+").requiredPrefix()).isEqualTo("a");
        assertThat(NamePattern.forTables("ab{2}").requiredPrefix()).isEqualTo("a");
        assertThat(NamePattern.forTables("a.c").requiredPrefix()).isEqualTo("a");
        assertThat(NamePattern.forTables("ab$").requiredPrefix()).isEqualTo("ab");
        assertThat(NamePattern.forTables("orders*").requiredPrefix()).isEqualTo("order");
        assertThat(NamePattern.forTables("tiny").requiredPrefix()).isEqualTo("t");
        assertThat(NamePattern.forTables("(?-i)ab").requiredPrefix()).isEmpty();
        assertThat(NamePattern.forTables("*").requiredPrefix()).isEmpty();
        assertThat(NamePattern.forTables(null).requiredPrefix()).isEmpty();
        assertThat(NamePattern.forTables("").requiredPrefix()).isEmpty();
        assertThat(NamePattern.forDatabases("SALES").requiredPrefix()).isEmpty();
    }

    /** Every character a prefix may hold matches, in a lower-case name, only itself. */
    @Test
    void aPrefixCharacterMatchesNoOtherCharacterOfALowerCaseName() {
        List<String> plain = IntStream.rangeClosed(0x20, 0x7e)
                .mapToObj(Character::toString)
                .filter(c -> requiredPrefix(c + "*").equals(c))
                .toList();
        assertThat(String.join("", plain)).isEqualTo("-0123456789_abcdefghjklmnopqrtuvwxyz");
        List<Pattern> patterns = plain.stream()
                .map(c -> Pattern.compile(Pattern.quote(c), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE))
                .toList();
        for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
            if (!Character.isLetterOrDigit(cp)) {
                continue;
            }
            String kept = Character.toString(cp).toLowerCase(Locale.ROOT);
            for (int i = 0; i < plain.size(); i++) {
                if (patterns.get(i).matcher(kept).matches()) {
                    assertThat(kept).as("U+%04X", cp).isEqualTo(plain.get(i));
                }
            }
        }
    }

    @Test
    void everyMatchingNameStartsWithTheRequiredPrefix() {
        Random random = new Random(7);
        String patternChars = "abist_-0.*?+|$[]{}()^\\1";
        String nameChars = "abist_-01\u0131\u017f";
        int matchedWithPrefix = 0;
        for (int p = 0; p < 3_000; p++) {
            String text = randomText(random, patternChars, 6);
            NamePattern pattern;
            try {
                pattern = NamePattern.forTables(text);
            } catch (HmsFailure e) {
                continue;
            }
            for (int n = 0; n < 50; n++) {
                String name = randomText(random, nameChars, 5);
                if (pattern.matches(name)) {
                    assertThat(name).as("pattern %s", text).startsWith(pattern.requiredPrefix());
                    matchedWithPrefix += pattern.requiredPrefix().isEmpty() ? 0 : 1;
                }
            }
        }
        assertThat(matchedWithPrefix).isGreaterThan(100);
    }

    private static String requiredPrefix(String pattern) {
        try {
            return NamePattern.forTables(pattern).requiredPrefix();
        } catch (HmsFailure e) {
            return "";
        }
    }

    private static String randomText(Random random, String chars, int maxLength) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(maxLength + 1); i > 0; i--) {
            text.append(chars.charAt(random.nextInt(chars.length())));
        }
        return text.toString();
    }

    @Test
    void aBrokenRegexIsMetaException() {
        assertThatThrownBy(() -> NamePattern.forTables("a["))
                .isInstanceOf(HmsFailure.class)
                .hasMessageStartingWith("Invalid name pattern 'a[': ");
    }
}
