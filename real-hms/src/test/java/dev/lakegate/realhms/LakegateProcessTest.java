package dev.lakegate.realhms;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LakegateProcessTest {

    private static final String LINE =
            "lakegate serve listening on 127.0.0.1:40123 (thrift), 127.0.0.1:40124 (grpc);" + " catalog in H2";

    @Test
    void findsTheListeningLineOnceItIsComplete() {
        assertThat(LakegateProcess.listeningLine("=== java ...\nstarting\n" + LINE + "\nmore\n"))
                .hasValue(LINE);
    }

    @Test
    void ignoresALineStillBeingWritten() {
        assertThat(LakegateProcess.listeningLine("=== java ...\nlakegate serve listening on 127.0.0.1:401"))
                .isEmpty();
        assertThat(LakegateProcess.listeningLine("")).isEmpty();
    }
}
