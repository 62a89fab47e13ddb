package dev.lakegate.launcher;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogTls;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** How Lakegate dials a catalog server over TLS (a client certificate for mutual TLS): PEM files. */
final class CatalogTlsOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(
            names = "--catalog-tls-trust",
            paramLabel = "FILE",
            description = "Dials the catalog over TLS, trusting this PEM CA for its certificate, which must name "
                    + "the host dialled (default: plaintext).")
    Path trustedCa;

    @Option(
            names = "--catalog-tls-cert",
            paramLabel = "FILE",
            description = "A PEM certificate chain to present to the catalog, for one that requires client "
                    + "certificates (needs --catalog-tls-trust and --catalog-tls-key).")
    Path certificateChain;

    @Option(
            names = "--catalog-tls-key",
            paramLabel = "FILE",
            description = "The private key of --catalog-tls-cert: PEM, PKCS#8, unencrypted.")
    Path privateKey;

    Optional<CatalogTls> tls() {
        if (trustedCa == null) {
            if (certificateChain != null || privateKey != null) {
                throw usage("a client certificate is for TLS: give --catalog-tls-trust too");
            }
            return Optional.empty();
        }
        if ((certificateChain == null) != (privateKey == null)) {
            throw usage("a client certificate needs both --catalog-tls-cert and --catalog-tls-key");
        }
        return Optional.of(
                new CatalogTls(trustedCa, Optional.ofNullable(certificateChain), Optional.ofNullable(privateKey)));
    }

    /** A client of the catalog at {@code address}, over TLS if configured; closing it closes its channel. */
    CatalogClient connect(HostAndPort address) {
        return CatalogClient.forAddress(address.host(), address.port(), CatalogTls.credentials(tls()));
    }

    private ParameterException usage(String message) {
        return new ParameterException(command.commandLine(), message);
    }
}
