package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * TLS on the Thrift port, set up as HMS's server sets it up ({@code metastore.use.SSL}): the server's key
 * and certificate chain from a key store ({@code metastore.keystore.path}, {@code .password},
 * {@code .type}), the JDK's default protocols less the excluded ones ({@code metastore.ssl.protocol.blacklist},
 * default SSLv2,SSLv3), no client certificate asked for. HMS clients then connect with
 * {@code metastore.use.SSL} and a trust store; they check that the certificate names the host they dial.
 */
public final class ThriftTls {

    /** HMS's {@code metastore.ssl.protocol.blacklist} default. */
    public static final List<String> DEFAULT_EXCLUDED_PROTOCOLS = List.of("SSLv2", "SSLv3");

    private final SslContext context;
    private final List<String> protocols;
    private final String keyStoreType;

    private ThriftTls(SslContext context, List<String> protocols, String keyStoreType) {
        this.context = context;
        this.protocols = protocols;
        this.keyStoreType = keyStoreType;
    }

    /**
     * Reads the key store now (a wrong path, password or type fails here, at start). Its key is read with
     * the store's password, as HMS does.
     */
    public static ThriftTls fromKeyStore(Path keyStore, char[] password, String type, List<String> excludedProtocols)
            throws IOException {
        requireNonNull(keyStore, "keyStore is null");
        requireNonNull(password, "password is null");
        requireNonNull(type, "type is null");
        Set<String> excluded = excludedProtocols.stream()
                .map(protocol -> protocol.trim().toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
        try {
            KeyStore store = KeyStore.getInstance(type);
            try (InputStream in = Files.newInputStream(keyStore)) {
                store.load(in, password);
            }
            if (Collections.list(store.aliases()).stream().noneMatch(alias -> isKey(store, alias))) {
                throw new IOException("it holds no private key");
            }
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            List<String> protocols = Arrays.stream(
                            SSLContext.getDefault().getDefaultSSLParameters().getProtocols())
                    .filter(protocol -> !excluded.contains(protocol.toLowerCase(Locale.ROOT)))
                    .toList();
            if (protocols.isEmpty()) {
                throw new IOException("every TLS protocol is excluded: " + excludedProtocols);
            }
            SslContext context = SslContextBuilder.forServer(keys)
                    .sslProvider(SslProvider.JDK)
                    .protocols(protocols)
                    .build();
            return new ThriftTls(context, protocols, type);
        } catch (GeneralSecurityException | IOException e) {
            // the message says what is wrong (no such file, bad password, unknown type); never the password
            String reason = e instanceof NoSuchFileException ? "no such file" : e.getMessage();
            throw new IOException("cannot use the key store " + keyStore + " (" + type + "): " + reason, e);
        }
    }

    private static boolean isKey(KeyStore store, String alias) {
        try {
            return store.isKeyEntry(alias);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** A handler for one new connection; the server's side of the handshake. */
    SslHandler newHandler(ByteBufAllocator allocator) {
        return context.newHandler(allocator);
    }

    @Override
    public String toString() {
        return "TLS (" + keyStoreType + " key store, " + String.join(", ", protocols) + ")";
    }
}
