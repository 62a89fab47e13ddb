package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.hms.server.ConnectionContext;
import dev.lakegate.translator.error.CatalogErrors;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsFailure;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.thrift.TException;

/**
 * How an area reaches the catalog: as the connection's user (from {@code set_ugi}), with every
 * failure turned, once, into the HMS exception that the called method declares.
 */
public final class CatalogCalls {

    private static final int MAX_CACHED_PRINCIPALS = 1024;

    private final CatalogClient client;
    private final Map<String, CatalogClient> byPrincipal = new ConcurrentHashMap<>();

    public CatalogCalls(CatalogClient client) {
        this.client = requireNonNull(client, "client is null")
                .intercepted(new ReplyBudgetInterceptor())
                .intercepted(new DoorHeaders());
    }

    /** The catalog client calling as the current connection's user. */
    public CatalogClient client() {
        String user = ConnectionContext.currentIfAny()
                .flatMap(ConnectionContext::user)
                .orElse("");
        CatalogClient cached = byPrincipal.get(user);
        if (cached != null) {
            return cached;
        }
        CatalogClient asUser = client.withPrincipal(user);
        if (byPrincipal.size() < MAX_CACHED_PRINCIPALS) {
            byPrincipal.putIfAbsent(user, asUser);
        }
        return asUser;
    }

    /**
     * Runs one HMS call's work; a catalog failure or a translator failure becomes the declared HMS
     * exception that fits, as {@link CatalogErrors} and {@link DeclaredExceptions} decide.
     */
    public <T> T run(DeclaredExceptions declared, HmsCall call, Work<T> work) throws TException {
        try {
            return work.run(client());
        } catch (CatalogClientException failure) {
            throw declared.toThrift(CatalogErrors.toHms(CatalogFailures.read(failure), call));
        } catch (HmsFailure failure) {
            throw declared.toThrift(failure);
        }
    }

    @FunctionalInterface
    public interface Work<T> {
        T run(CatalogClient catalog) throws TException;
    }
}
