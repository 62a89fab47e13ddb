package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.hms.server.auth.PasswordFile;
import dev.lakegate.hms.server.auth.ThriftAuthentication;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSaslClientTransport;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code lakegate serve --thrift-auth} and its settings: off unless set; missing settings refused. */
class ThriftAuthOptionsTest {

    @TempDir
    Path dir;

    private static ThriftAuthOptions options(Map<String, String> environment, String... args) {
        CommandLine line = Lakegate.commandLine(args, environment);
        CommandLine.ParseResult result = line.parseArgs(args);
        return ((ServeCommand) result.subcommand().commandSpec().userObject()).thriftAuth;
    }

    @Test
    void offUnlessSet() throws Exception {
        assertThat(options(Map.of(), "serve").open()).isEmpty();
    }

    @Test
    void userGroupsComeFromTheHostUnlessSetOtherwise() {
        assertThat(options(Map.of(), "serve").userGroups().groupsOf("", List.of("g"), false))
                .as("unix: nobody named, no lookup")
                .isEmpty();
        assertThat(options(Map.of(), "serve", "--thrift-user-groups", "set-ugi")
                        .userGroups()
                        .groupsOf("alice", List.of("analysts"), false))
                .containsExactly("analysts");
        assertThat(options(Map.of(), "serve", "--thrift-user-groups", "set-ugi")
                        .userGroups()
                        .groupsOf("alice", List.of("analysts"), true))
                .as("an authenticated connection's set_ugi names no groups that count")
                .isEmpty();
        assertThat(options(Map.of("LAKEGATE_THRIFT_USER_GROUPS", "none"), "serve")
                        .userGroups()
                        .groupsOf("alice", List.of("analysts"), false))
                .isEmpty();
        assertThatThrownBy(() -> options(Map.of(), "serve", "--thrift-user-groups", "ldap")
                        .userGroups())
                .hasMessageContaining("unix, set-ugi or none");
    }

    @Test
    void configReadsThePasswordFileAndProxyUsers() throws Exception {
        Path file = dir.resolve("passwords");
        Files.write(file, List.of(PasswordFile.line("alice", "pw".toCharArray())));
        Optional<ThriftAuthentication> auth = options(
                        Map.of("LAKEGATE_THRIFT_PASSWORD_FILE", file.toString()),
                        "serve",
                        "--thrift-auth",
                        "config",
                        "--proxy-user",
                        "hive=*,spark=alice;bob")
                .open();
        assertThat(auth).isPresent();
        assertThat(auth.get().proxyUsers().mayImpersonate("hive", "x")).isTrue();
        assertThat(auth.get().proxyUsers().mayImpersonate("spark", "bob")).isTrue();
        assertThat(auth.get().proxyUsers().mayImpersonate("spark", "carol")).isFalse();
        assertThat(auth.get().describe()).contains("PLAIN").doesNotContain("pbkdf2");
    }

    @Test
    void aGatewayWithPasswordsTakesSaslPlainClientsOnly() throws Exception {
        Path file = dir.resolve("passwords");
        Files.write(file, List.of(PasswordFile.line("alice", "pw".toCharArray())));
        Optional<ThriftAuthentication> auth = options(
                        Map.of(), "serve", "--thrift-auth", "config", "--thrift-password-file", file.toString())
                .open();
        try (GatewayFixture gateway = GatewayFixture.start(dir.resolve("data"), Optional.empty(), auth)) {
            TTransport sasl = new TSaslClientTransport(
                    "PLAIN",
                    null,
                    null,
                    null,
                    Map.of(),
                    callbacks -> {
                        ((NameCallback) callbacks[0]).setName("alice");
                        ((PasswordCallback) callbacks[1]).setPassword("pw".toCharArray());
                    },
                    new TSocket("127.0.0.1", gateway.thriftPort(), 30_000));
            sasl.open();
            try {
                assertThat(new ThriftHiveMetastore.Client(new TBinaryProtocol(sasl)).get_all_databases())
                        .contains("default");
            } finally {
                sasl.close();
            }
            ThriftHiveMetastore.Client plaintext = gateway.client();
            assertThatThrownBy(plaintext::get_all_databases).isInstanceOf(TTransportException.class);
        }
    }

    @Test
    void missingOrContradictorySettingsAreRefused() {
        assertThatThrownBy(() ->
                        options(Map.of(), "serve", "--thrift-auth", "kerberos").open())
                .hasMessageContaining("--thrift-kerberos-principal");
        assertThatThrownBy(() -> options(
                                Map.of(), "serve", "--thrift-auth", "ldap", "--thrift-ldap-url", "ldap://127.0.0.1:389")
                        .open())
                .hasMessageContaining("--thrift-ldap-base-dn");
        assertThatThrownBy(() ->
                        options(Map.of(), "serve", "--proxy-user", "hive=*").open())
                .hasMessageContaining("--thrift-auth");
        CommandRun run = CommandRun.of("serve", "--grpc-port", "-1", "--thrift-port", "0", "--thrift-auth", "sasl");
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("expected none, ldap, config or kerberos");
        assertThat(run.out()).doesNotContain("listening");
    }
}
