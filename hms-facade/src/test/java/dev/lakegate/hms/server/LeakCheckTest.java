package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBufAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The leak check is not vacuous: a buffer dropped without release is reported. */
@ExtendWith(LeakCheck.class)
class LeakCheckTest {

    @Test
    void aBufferNeverReleasedIsReported() throws InterruptedException {
        leakOne();
        assertThat(LeakCheck.collect()).anySatisfy(leak -> assertThat(leak).contains("leaked"));
    }

    private static void leakOne() {
        ByteBufAllocator.DEFAULT.directBuffer(64).writeLong(42);
    }
}
