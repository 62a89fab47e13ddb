package dev.lakegate.catalog.client;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.api.CatalogWire;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.function.Supplier;

/**
 * Sends a bearer token with every call, for a catalog server that checks them:
 * {@code client.intercepted(BearerToken.fromFile(path))}. A token kept in a file is read again whenever the file
 * changes, so that whatever renews it (an identity provider's agent) needs no restart of the client.
 */
public final class BearerToken implements ClientInterceptor {

    private final Supplier<String> token;

    private BearerToken(Supplier<String> token) {
        this.token = requireNonNull(token, "token is null");
    }

    /** The token {@code token} gives at each call. */
    public static BearerToken of(Supplier<String> token) {
        return new BearerToken(token);
    }

    /** The token in {@code file} (surrounding white space ignored), read again when the file changes. */
    public static BearerToken fromFile(Path file) {
        return new BearerToken(new TokenFile(file));
    }

    @Override
    public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
        return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
            @Override
            public void start(Listener<R> listener, Metadata headers) {
                headers.put(CatalogWire.AUTHORIZATION, "Bearer " + token.get());
                super.start(listener, headers);
            }
        };
    }

    private static final class TokenFile implements Supplier<String> {
        private final Path file;
        private FileTime readAt;
        private String token;

        TokenFile(Path file) {
            this.file = requireNonNull(file, "file is null");
            get();
        }

        @Override
        public synchronized String get() {
            try {
                FileTime modified = Files.getLastModifiedTime(file);
                if (!modified.equals(readAt)) {
                    String read =
                            Files.readString(file, StandardCharsets.US_ASCII).strip();
                    if (read.isEmpty()) {
                        throw new IllegalStateException("the token file " + file + " is empty");
                    }
                    token = read;
                    readAt = modified;
                }
                return token;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the token file " + file, e);
            }
        }
    }
}
