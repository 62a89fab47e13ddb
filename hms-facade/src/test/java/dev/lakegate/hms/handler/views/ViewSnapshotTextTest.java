package dev.lakegate.hms.handler.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.hms.handler.views.ViewSnapshotText.TableWrites;
import dev.lakegate.hms.handler.views.ViewSnapshotText.ViewSnapshot;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A materialized view's snapshot as Hive 3 (the text) and Hive 4 (JSON around it) write it. */
class ViewSnapshotTextTest {

    private static final String TEXT = "12$db.a:5:9223372036854775807::$db.b:9:7:7:4,6";

    @Test
    void hive3WritesTheTextAlone() {
        ViewSnapshot snapshot = ViewSnapshotText.read(TEXT);
        assertThat(snapshot.hasTableSnapshots()).isFalse();
        assertThat(snapshot.tables())
                .containsEntry("db.a", new TableWrites(5, Optional.empty(), Set.of()))
                .containsEntry("db.b", new TableWrites(9, Optional.of(7L), Set.of(4L, 6L, 7L)));
    }

    @Test
    void hive4WritesJsonWithSnapshotsOfOtherSources() {
        ViewSnapshot plain = ViewSnapshotText.read("{\"validTxnList\":\"" + TEXT + "\",\"tableSnapshots\":null}");
        assertThat(plain.hasTableSnapshots()).isFalse();
        assertThat(plain.tables()).containsOnlyKeys("db.a", "db.b");
        assertThat(ViewSnapshotText.read("{\"validTxnList\":\"" + TEXT + "\",\"tableSnapshots\":{}}")
                        .hasTableSnapshots())
                .isFalse();
        ViewSnapshot withIceberg = ViewSnapshotText.read("{\"validTxnList\":null,"
                + "\"tableSnapshots\":{\"db.ice\":{\"snapshotId\":7,\"nested\":{\"x\":[1,{}]}}}}");
        assertThat(withIceberg.hasTableSnapshots()).isTrue();
        assertThat(withIceberg.tables()).isEmpty();
    }

    @Test
    void whatIsNotHivesFormIsRefused() {
        assertThatThrownBy(() -> ViewSnapshotText.read(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ViewSnapshotText.read("x$db.a:1:2::")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ViewSnapshotText.read("1$db.a:one:2::")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ViewSnapshotText.read("{not json")).isInstanceOf(IllegalArgumentException.class);
    }
}
