package dev.lakegate.launcher;

import dev.lakegate.hms.server.ThriftTls;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * TLS on the Thrift (HMS) port, as HMS's {@code metastore.use.SSL} with {@code metastore.keystore.*}: off
 * unless a key store is given. The password is best given by the environment or the config file, which
 * no process list shows; it is never logged.
 */
final class ThriftTlsOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(
            names = "--thrift-tls-keystore",
            paramLabel = "FILE",
            description = "Serves the Thrift port over TLS with the key and certificate chain in this key store, "
                    + "as HMS's metastore.keystore.path; HMS clients then need metastore.use.SSL=true and a trust "
                    + "store (default: plaintext).")
    Path keyStore;

    @Option(
            names = "--thrift-tls-keystore-password",
            paramLabel = "PASSWORD",
            description = "The key store's password, also its key's (metastore.keystore.password). Prefer "
                    + "LAKEGATE_THRIFT_TLS_KEYSTORE_PASSWORD or the config file: a flag shows in the process list.")
    String keyStorePassword;

    @Option(
            names = "--thrift-tls-keystore-type",
            paramLabel = "TYPE",
            defaultValue = "PKCS12",
            description = "The key store's type, PKCS12 or JKS (metastore.keystore.type; default: ${DEFAULT-VALUE}).")
    String keyStoreType;

    @Option(
            names = "--thrift-tls-excluded-protocols",
            paramLabel = "PROTOCOL",
            split = ",",
            defaultValue = "SSLv2,SSLv3",
            description = "TLS protocol versions the Thrift port refuses, as HMS's metastore.ssl.protocol.blacklist "
                    + "(default: ${DEFAULT-VALUE}; the JDK's own settings also apply).")
    List<String> excludedProtocols;

    /**
     * The Thrift port's TLS, if a key store is given; reads it now, so a missing file, a wrong password or type
     * is a usage error before anything starts.
     */
    Optional<ThriftTls> tls() {
        if (keyStore == null) {
            return Optional.empty();
        }
        char[] password = keyStorePassword == null ? new char[0] : keyStorePassword.toCharArray();
        try {
            return Optional.of(ThriftTls.fromKeyStore(
                    keyStore, password, keyStoreType, excludedProtocols == null ? List.of() : excludedProtocols));
        } catch (IOException e) {
            throw new ParameterException(command.commandLine(), "Invalid --thrift-tls-keystore: " + e.getMessage());
        }
    }
}
