package dev.lakegate.catalog.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LocalWritesTest {

    @Test
    void onlyDatabasesNoOtherProcessCanWriteAreCounted() {
        String file = Path.of("data", "catalog").toAbsolutePath().toString();
        assertThat(LocalWrites.exclusiveDatabase("jdbc:h2:file:" + file + ";LOCK_TIMEOUT=10000"))
                .contains("file:" + file);
        assertThat(LocalWrites.exclusiveDatabase("jdbc:h2:mem:catalog;DB_CLOSE_DELAY=-1"))
                .contains("mem:catalog");

        assertThat(LocalWrites.exclusiveDatabase("jdbc:h2:file:" + file + ";AUTO_SERVER=TRUE"))
                .isEmpty();
        assertThat(LocalWrites.exclusiveDatabase("jdbc:h2:file:" + file + ";file_lock=no"))
                .isEmpty();
        assertThat(LocalWrites.exclusiveDatabase("jdbc:h2:tcp://127.0.0.1/" + file))
                .isEmpty();
        assertThat(LocalWrites.exclusiveDatabase("jdbc:h2:mem:")).isEmpty();
        assertThat(LocalWrites.exclusiveDatabase("jdbc:postgresql://127.0.0.1:5432/catalog"))
                .isEmpty();
        assertThat(LocalWrites.forDatabase("jdbc:postgresql://127.0.0.1:5432/catalog"))
                .isSameAs(LocalWrites.NONE);
        assertThat(LocalWrites.NONE.quiet()).isEmpty();
    }

    @Test
    void oneCountPerDatabaseWhateverTheUrlSettings() {
        String file = Path.of("target", "shared-count").toAbsolutePath().toString();
        LocalWrites writes = LocalWrites.forDatabase("jdbc:h2:file:" + file);
        assertThat(LocalWrites.forDatabase("jdbc:h2:file:" + file + ";CACHE_SIZE=65536"))
                .isSameAs(writes);
        assertThat(LocalWrites.forDatabase("jdbc:h2:file:" + file + "-other")).isNotSameAs(writes);
        assertThat(Optional.of(writes)).isNotEqualTo(Optional.of(LocalWrites.NONE));
    }

    @Test
    void quietOnlyWhileNoWriteIsInFlightAndStampsMoveWithEveryWrite() {
        LocalWrites writes = LocalWrites.forDatabase("jdbc:h2:mem:local-writes-test-" + System.nanoTime());
        long before = writes.quiet().orElseThrow();
        assertThat(writes.unchangedSince(before)).isTrue();

        writes.begin();
        assertThat(writes.quiet()).isEmpty();
        assertThat(writes.unchangedSince(before)).isFalse();
        writes.begin();
        writes.finish();
        assertThat(writes.quiet()).as("one of two writes still in flight").isEmpty();
        writes.finish();

        long after = writes.quiet().orElseThrow();
        assertThat(after).isEqualTo(before + 2);
        assertThat(writes.unchangedSince(before)).isFalse();
        assertThat(writes.unchangedSince(after)).isTrue();
    }
}
