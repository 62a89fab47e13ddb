package dev.lakegate.catalog.client;

import static java.util.Objects.requireNonNull;

import io.grpc.ChannelCredentials;
import io.grpc.InsecureChannelCredentials;
import io.grpc.TlsChannelCredentials;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * TLS to a catalog server, from PEM files: the CA to trust for the server's certificate (which must name
 * the host dialled) and, for a server that requires client certificates, this client's certificate chain
 * and unencrypted PKCS#8 private key.
 */
public record CatalogTls(Path trustedCa, Optional<Path> certificateChain, Optional<Path> privateKey) {

    public CatalogTls {
        requireNonNull(trustedCa, "trustedCa is null");
        requireNonNull(certificateChain, "certificateChain is null");
        requireNonNull(privateKey, "privateKey is null");
        if (certificateChain.isPresent() != privateKey.isPresent()) {
            throw new IllegalArgumentException("a client certificate needs its private key, and the key its "
                    + "certificate: " + certificateChain.orElse(null) + ", " + privateKey.orElse(null));
        }
    }

    /** Trusts {@code trustedCa}, presents no certificate. */
    public static CatalogTls trusting(Path trustedCa) {
        return new CatalogTls(trustedCa, Optional.empty(), Optional.empty());
    }

    /** Trusts {@code trustedCa} and presents this certificate chain and key. */
    public static CatalogTls mutual(Path trustedCa, Path certificateChain, Path privateKey) {
        return new CatalogTls(trustedCa, Optional.of(certificateChain), Optional.of(privateKey));
    }

    /** The credentials of a channel over {@code tls}, plaintext when empty. */
    public static ChannelCredentials credentials(Optional<CatalogTls> tls) {
        return tls.map(CatalogTls::credentials).orElseGet(InsecureChannelCredentials::create);
    }

    /** The channel's credentials; reads the files now, so a missing or unreadable one fails at once. */
    public ChannelCredentials credentials() {
        try {
            TlsChannelCredentials.Builder credentials =
                    TlsChannelCredentials.newBuilder().trustManager(trustedCa.toFile());
            if (certificateChain.isPresent()) {
                credentials.keyManager(
                        certificateChain.get().toFile(),
                        privateKey.orElseThrow().toFile());
            }
            return credentials.build();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the catalog TLS files " + this, e);
        }
    }
}
