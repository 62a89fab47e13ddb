package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.kept.HiveTokenStore;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import java.util.List;
import org.apache.thrift.TException;

/**
 * HMS's store of delegation tokens and master keys (all releases): what a secret manager outside the metastore
 * (HiveServer2 with {@code DBTokenStore}) keeps in it, so that every HiveServer2 of a cluster honours every token.
 * The metastore's own tokens ({@link DelegationTokenCalls}) are kept here too.
 */
public final class TokenStoreCalls {

    private static final DeclaredExceptions ADD_TOKEN = DeclaredExceptions.of("add_token");
    private static final DeclaredExceptions REMOVE_TOKEN = DeclaredExceptions.of("remove_token");
    private static final DeclaredExceptions GET_TOKEN = DeclaredExceptions.of("get_token");
    private static final DeclaredExceptions TOKEN_IDS = DeclaredExceptions.of("get_all_token_identifiers");
    private static final DeclaredExceptions ADD_KEY = DeclaredExceptions.of("add_master_key");
    private static final DeclaredExceptions UPDATE_KEY = DeclaredExceptions.of("update_master_key");
    private static final DeclaredExceptions REMOVE_KEY = DeclaredExceptions.of("remove_master_key");
    private static final DeclaredExceptions KEYS = DeclaredExceptions.of("get_master_keys");

    private final CatalogCalls catalog;
    private final HiveTokenStore store = new HiveTokenStore();

    public TokenStoreCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public boolean add_token(String token_identifier, String delegation_token) throws TException {
        return catalog.run(
                ADD_TOKEN,
                call(Operation.CREATE),
                client -> store.addToken(client, token_identifier, delegation_token));
    }

    public boolean remove_token(String token_identifier) throws TException {
        return catalog.run(REMOVE_TOKEN, call(Operation.DROP), client -> store.removeToken(client, token_identifier));
    }

    public String get_token(String token_identifier) throws TException {
        return catalog.run(GET_TOKEN, call(Operation.READ), client -> store.token(client, token_identifier));
    }

    public List<String> get_all_token_identifiers() throws TException {
        return catalog.run(TOKEN_IDS, call(Operation.LIST), store::tokenIdentifiers);
    }

    public int add_master_key(String key) throws TException {
        return catalog.run(ADD_KEY, call(Operation.CREATE), client -> store.addMasterKey(client, key));
    }

    public void update_master_key(int seq_number, String key) throws TException {
        catalog.run(UPDATE_KEY, call(Operation.ALTER), client -> {
            store.updateMasterKey(client, seq_number, key);
            return null;
        });
    }

    public boolean remove_master_key(int key_seq) throws TException {
        return catalog.run(REMOVE_KEY, call(Operation.DROP), client -> store.removeMasterKey(client, key_seq));
    }

    public List<String> get_master_keys() throws TException {
        return catalog.run(KEYS, call(Operation.LIST), store::masterKeys);
    }

    private static HmsCall call(Operation operation) {
        return HmsCall.database(operation, null);
    }
}
