package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.tokens.DelegationTokens;
import dev.lakegate.hms.server.ConnectionContext;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import java.util.Optional;
import org.apache.thrift.TException;

/**
 * The metastore's own delegation tokens (all releases): issued to the connection's Kerberos user, for itself or,
 * as a proxy user, for someone it may act as; renewed and cancelled. As HMS, only a metastore that authenticates
 * with Kerberos issues them; any other answers every call with a MetaException.
 */
public final class DelegationTokenCalls {

    private static final DeclaredExceptions GET = DeclaredExceptions.of("get_delegation_token");
    private static final DeclaredExceptions RENEW = DeclaredExceptions.of("renew_delegation_token");
    private static final DeclaredExceptions CANCEL = DeclaredExceptions.of("cancel_delegation_token");

    private final CatalogCalls catalog;
    private final Optional<DelegationTokens> tokens;

    public DelegationTokenCalls(CatalogCalls catalog, Optional<DelegationTokens> tokens) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.tokens = requireNonNull(tokens, "tokens is null");
    }

    public String get_delegation_token(String token_owner, String renewer_kerberos_principal_name) throws TException {
        return catalog.run(GET, call(Operation.CREATE), client -> {
            DelegationTokens issuer = issuer();
            String caller = caller();
            if (token_owner == null) {
                throw HmsFailure.meta("Delegation token owner is null");
            }
            ConnectionContext connection = ConnectionContext.current();
            if (!token_owner.equals(caller) && !connection.mayActAs(token_owner)) {
                // Hadoop's proxy-user refusal, which HMS passes on
                throw HmsFailure.meta("User: " + caller + " is not allowed to impersonate " + token_owner);
            }
            return issuer.issue(client, caller, token_owner, renewer_kerberos_principal_name);
        });
    }

    public long renew_delegation_token(String token_str_form) throws TException {
        return catalog.run(RENEW, call(Operation.ALTER), client -> issuer().renew(client, caller(), token_str_form));
    }

    public void cancel_delegation_token(String token_str_form) throws TException {
        catalog.run(CANCEL, call(Operation.DROP), client -> {
            issuer().cancel(client, caller(), token_str_form);
            return null;
        });
    }

    private DelegationTokens issuer() {
        return tokens.orElseThrow(() -> HmsFailure.meta("Delegation tokens are issued only by a metastore that"
                + " authenticates its clients with Kerberos (lakegate serve --thrift-auth kerberos)"));
    }

    /** The connection's user: a token-issuing metastore authenticates every connection, so there is one. */
    private static String caller() {
        return ConnectionContext.current()
                .user()
                .orElseThrow(() -> HmsFailure.meta("the connection has no authenticated user"));
    }

    private static HmsCall call(Operation operation) {
        return HmsCall.database(operation, null);
    }
}
