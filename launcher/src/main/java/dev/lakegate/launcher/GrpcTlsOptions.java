package dev.lakegate.launcher;

import dev.lakegate.catalog.server.grpc.GrpcServerTls;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** TLS on the catalog's gRPC port, optionally mutual: off unless a certificate is given. PEM files. */
final class GrpcTlsOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(
            names = "--grpc-tls-cert",
            paramLabel = "FILE",
            description = "Serves the catalog's gRPC port over TLS with this PEM certificate chain (needs "
                    + "--grpc-tls-key; default: plaintext).")
    Path certificateChain;

    @Option(
            names = "--grpc-tls-key",
            paramLabel = "FILE",
            description = "The private key of --grpc-tls-cert: PEM, PKCS#8, unencrypted.")
    Path privateKey;

    @Option(
            names = "--grpc-tls-client-ca",
            paramLabel = "FILE",
            description = "Requires every gRPC client to present a certificate signed by this PEM CA (mutual TLS).")
    Path clientCa;

    Optional<GrpcServerTls> tls() {
        if (certificateChain == null && privateKey == null && clientCa == null) {
            return Optional.empty();
        }
        if (certificateChain == null || privateKey == null) {
            throw new ParameterException(
                    command.commandLine(), "TLS on the gRPC port needs both --grpc-tls-cert and --grpc-tls-key");
        }
        return Optional.of(new GrpcServerTls(certificateChain, privateKey, Optional.ofNullable(clientCa)));
    }
}
