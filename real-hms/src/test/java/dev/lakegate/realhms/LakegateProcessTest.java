package dev.lakegate.realhms;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
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

    @Test
    void aPortIsSaslOnlyWhenThriftAuthIsOtherThanNone() {
        assertThat(launch("--data", "d").saslOnly()).isFalse();
        assertThat(launch("--thrift-auth", "none").saslOnly()).isFalse();
        assertThat(launch("--thrift-auth=NONE").saslOnly()).isFalse();
        assertThat(launch("--thrift-auth", "kerberos", "--thrift-kerberos-keytab", "k")
                        .saslOnly())
                .isTrue();
        assertThat(launch("--thrift-auth=ldap").saslOnly()).isTrue();
    }

    private static LakegateProcess.Launch launch(String... arguments) {
        Path here = Path.of("unused");
        return new LakegateProcess.Launch(
                LakegateDistribution.layout(here), here, here.resolve("log"), List.of(), "WARN", List.of(arguments));
    }
}
