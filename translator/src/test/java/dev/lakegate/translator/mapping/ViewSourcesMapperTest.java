package dev.lakegate.translator.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.CreationMetadata;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.Test;

/** A materialized view's creation metadata is kept as its view sources; other tables keep none. */
class ViewSourcesMapperTest {

    private static Table withMetadata(String type) {
        Table table = HmsFixtures.hiveTable();
        table.setTableType(type);
        CreationMetadata metadata =
                new CreationMetadata("spark", "elsewhere", "other", new HashSet<>(Set.of("db.src", "db.dim")));
        metadata.setValidTxnList("12:9223372036854775807::");
        metadata.setMaterializationTime(1_700_000_000_123L);
        table.setCreationMetadata(metadata);
        return table;
    }

    @Test
    void aMaterializedViewKeepsItsCreationMetadataNamedAfterTheView() {
        Table view = withMetadata("MATERIALIZED_VIEW");
        dev.lakegate.catalog.v1.Table stored = TableMapper.toNative(view);
        assertThat(stored.getHive().getViewSources().getTablesList()).containsExactlyInAnyOrder("db.src", "db.dim");

        CreationMetadata shown = TableMapper.fromNative(stored).getCreationMetadata();
        assertThat(shown.getCatName()).isEqualTo("hive");
        assertThat(shown.getDbName()).isEqualTo(stored.getNamespace());
        assertThat(shown.getTblName()).isEqualTo(stored.getName());
        assertThat(shown.getTablesUsed()).containsExactlyInAnyOrder("db.src", "db.dim");
        assertThat(shown.getValidTxnList()).isEqualTo("12:9223372036854775807::");
        assertThat(shown.getMaterializationTime()).isEqualTo(1_700_000_000_123L);
    }

    @Test
    void noTransactionListStaysUnset() {
        Table view = withMetadata("MATERIALIZED_VIEW");
        view.getCreationMetadata().unsetValidTxnList();
        assertThat(TableMapper.fromNative(TableMapper.toNative(view))
                        .getCreationMetadata()
                        .isSetValidTxnList())
                .isFalse();
    }

    @Test
    void otherTablesKeepNone() {
        dev.lakegate.catalog.v1.Table stored = TableMapper.toNative(withMetadata("MANAGED_TABLE"));
        assertThat(stored.getHive().hasViewSources()).isFalse();
        assertThat(TableMapper.fromNative(stored).isSetCreationMetadata()).isFalse();
    }
}
