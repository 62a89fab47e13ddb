package dev.lakegate.catalog.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.server.model.CatalogException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StoreJsonTest {

    @Test
    void stringListsReadBackAsWritten() {
        List<String> values = List.of("2024-01-01", "", "a\"b\\c/d\n", "ünï €", "__HIVE_DEFAULT_PARTITION__");

        assertThat(StoreJson.readStrings(StoreJson.write(values))).isEqualTo(values);
        assertThat(StoreJson.readStrings("[]")).isEmpty();
        assertThat(StoreJson.readStrings(" [ \"x\" ] ")).containsExactly("x");
    }

    @Test
    void stringMapsReadBackAsWritten() {
        Map<String, String> parameters = Map.of("numRows", "3125", "comment", "déjà \"vu\"", "", "empty key");

        assertThat(StoreJson.readStringMap(StoreJson.write(parameters))).isEqualTo(parameters);
        assertThat(StoreJson.readStringMap("{}")).isEmpty();
    }

    @Test
    void whatIsNotAStringListOrMapIsRefusedWithTheMappersReason() {
        assertThatThrownBy(() -> StoreJson.readStrings("[\"a\", "))
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining("unreadable");
        assertThatThrownBy(() -> StoreJson.readStrings("{\"a\": \"b\"}"))
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining("unreadable");
        assertThatThrownBy(() -> StoreJson.readStringMap("[\"a\"]"))
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining("unreadable");
    }

    @Test
    void numbersInAListAreReadAsTheirTextAsTheMapperDoes() {
        assertThat(StoreJson.readStrings("[\"a\", 7]")).containsExactly("a", "7");
        assertThat(StoreJson.readStringMap("{\"n\": 7}")).containsEntry("n", "7");
    }
}
