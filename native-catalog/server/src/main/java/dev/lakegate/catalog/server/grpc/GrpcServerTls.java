package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import io.grpc.ServerCredentials;
import io.grpc.TlsServerCredentials;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * TLS on the catalog's gRPC port, from PEM files: the server's certificate chain and its unencrypted
 * PKCS#8 private key, and, for mutual TLS, the CA whose certificates clients must present. PEM rather
 * than a key store because it is what gRPC reads natively and what certificate tools (cert-manager,
 * Vault, openssl) hand out.
 */
public record GrpcServerTls(Path certificateChain, Path privateKey, Optional<Path> clientCa) {

    public GrpcServerTls {
        requireNonNull(certificateChain, "certificateChain is null");
        requireNonNull(privateKey, "privateKey is null");
        requireNonNull(clientCa, "clientCa is null");
    }

    /** The credentials for the server; reads the files now, so a missing or unreadable one fails at start. */
    ServerCredentials credentials() {
        try {
            TlsServerCredentials.Builder credentials =
                    TlsServerCredentials.newBuilder().keyManager(certificateChain.toFile(), privateKey.toFile());
            if (clientCa.isPresent()) {
                credentials.trustManager(clientCa.get().toFile()).clientAuth(TlsServerCredentials.ClientAuth.REQUIRE);
            }
            return credentials.build();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the gRPC TLS files " + this, e);
        }
    }

    /** For the start-up line. */
    public String describe() {
        return clientCa.isPresent() ? "TLS, client certificates required" : "TLS";
    }
}
