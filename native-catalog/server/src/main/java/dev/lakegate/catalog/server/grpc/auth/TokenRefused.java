package dev.lakegate.catalog.server.grpc.auth;

/** A bearer token that does not authenticate its caller; the message says why, never the token. */
public final class TokenRefused extends Exception {

    private static final long serialVersionUID = 1L;

    public TokenRefused(String reason) {
        super(reason);
    }
}
