package dev.lakegate.translator.names;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.translator.error.HmsFailure;
import org.junit.jupiter.api.Test;

class CatalogDbNameTest {

    @Test
    void parsesEveryForm() {
        assertThat(CatalogDbName.parse("@hive#sales")).isEqualTo(new CatalogDbName("hive", "sales"));
        assertThat(CatalogDbName.parse("@hive#")).isEqualTo(new CatalogDbName("hive", null));
        assertThat(CatalogDbName.parse("@hive#!")).isEqualTo(new CatalogDbName("hive", ""));
        assertThat(CatalogDbName.parse("@spark_catalog#a#b")).isEqualTo(new CatalogDbName("spark_catalog", "a#b"));
        assertThat(CatalogDbName.parse("Sales")).isEqualTo(new CatalogDbName("hive", "Sales"));
        assertThat(CatalogDbName.parse("")).isEqualTo(new CatalogDbName("hive", ""));
        assertThat(CatalogDbName.parse(null)).isEqualTo(new CatalogDbName("hive", null));
    }

    @Test
    void normalizesAndChecks() {
        assertThat(CatalogDbName.parse("@hive# Sales ").requireDatabase()).isEqualTo("sales");
        assertThat(CatalogDbName.parse("@HIVE#x").isDefaultCatalog()).isTrue();
        assertThat(CatalogDbName.parse("@other#x").isDefaultCatalog()).isFalse();
        assertThatThrownBy(() -> CatalogDbName.parse("@hive#").requireDatabase())
                .isInstanceOf(HmsFailure.class)
                .hasMessage("Database name cannot be null.");
        assertThatThrownBy(() -> CatalogDbName.parse("@hive"))
                .isInstanceOf(HmsFailure.class)
                .hasMessage(
                        "@hive is prepended with the catalog marker but does not appear to have a catalog name in it");
    }
}
