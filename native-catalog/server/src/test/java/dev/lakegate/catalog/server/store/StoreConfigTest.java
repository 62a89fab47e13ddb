package dev.lakegate.catalog.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StoreConfigTest {

    @Test
    void h2PageCacheIsAQuarterOfTheHeapAndNeverBelowH2sDefault() {
        assertThat(StoreConfig.h2CacheKilobytes(1024L * 1024 * 1024)).isEqualTo(256 * 1024);
        assertThat(StoreConfig.h2CacheKilobytes(32L * 1024 * 1024)).isEqualTo(16 * 1024);
        assertThat(StoreConfig.h2(Path.of("data")).jdbcUrl())
                .contains(";CACHE_SIZE="
                        + StoreConfig.h2CacheKilobytes(Runtime.getRuntime().maxMemory()))
                .contains(";OPTIMIZE_REUSE_RESULTS=FALSE");
    }
}
