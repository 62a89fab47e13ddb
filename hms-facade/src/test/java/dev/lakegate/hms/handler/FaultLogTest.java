package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class FaultLogTest {

    @Test
    void aKindIsLoggedWhenFirstSeenThenOncePerInterval() {
        FaultLog hourly = new FaultLog(LoggerFactory.getLogger(FaultLogTest.class), Duration.ofHours(1));
        assertThat(hourly.fault("get_table_req", npe())).isTrue();
        assertThat(hourly.fault("get_table_req", npe())).isFalse();
        assertThat(hourly.fault("get_table_req", npe())).isFalse();
        // Another method, or another exception, is another kind.
        assertThat(hourly.fault("heartbeat", npe())).isTrue();
        assertThat(hourly.fault("get_table_req", new IllegalStateException("other")))
                .isTrue();

        FaultLog always = new FaultLog(LoggerFactory.getLogger(FaultLogTest.class), Duration.ZERO);
        assertThat(always.fault("get_table_req", npe())).isTrue();
        assertThat(always.fault("get_table_req", npe())).isTrue();
    }

    private static NullPointerException npe() {
        // Thrown from one place, as a handler missing a struct throws it on every call.
        return new NullPointerException("Cannot invoke \"String.length()\" because \"name\" is null");
    }
}
