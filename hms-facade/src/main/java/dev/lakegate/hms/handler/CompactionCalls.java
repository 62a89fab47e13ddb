package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.Compaction;
import dev.lakegate.catalog.v1.ListCompactionsRequest;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.hms.handler.compactions.CompactionWords;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.CompactionRequest;
import org.apache.hadoop.hive.metastore.api.CompactionResponse;
import org.apache.hadoop.hive.metastore.api.ShowCompactRequest;
import org.apache.hadoop.hive.metastore.api.ShowCompactResponse;
import org.apache.hadoop.hive.metastore.api.ShowCompactResponseElement;
import org.apache.thrift.TException;

/**
 * Hive's compaction queue as HMS 4.0.1's transaction handler serves it to clients: compaction requests are
 * enqueued as initiated, or refused while one of the same place (a partition, or a whole table) is initiated
 * or working, and show_compact lists the queue with HMS 4's filters. Like HMS, the facade queues any name,
 * as given (not lower-cased), whether such a table exists or not. The Worker's and Cleaner's calls that move
 * an entry on are not served yet, so entries stay initiated.
 */
public final class CompactionCalls {

    private static final DeclaredExceptions COMPACT = DeclaredExceptions.of("compact");
    private static final DeclaredExceptions COMPACT2 = DeclaredExceptions.of("compact2");
    private static final DeclaredExceptions SHOW = DeclaredExceptions.of("show_compact");

    private final CatalogCalls catalog;

    public CompactionCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    /** The 3.1 form: the answer is dropped, a refused request is no failure. */
    public void compact(CompactionRequest rqst) throws TException {
        enqueue(COMPACT, rqst);
    }

    public CompactionResponse compact2(CompactionRequest rqst) throws TException {
        return enqueue(COMPACT2, rqst);
    }

    private CompactionResponse enqueue(DeclaredExceptions declared, CompactionRequest rqst) throws TException {
        dev.lakegate.catalog.v1.CompactionRequest request = CompactionWords.request(rqst);
        TableIdentifier table = request.getTable();
        return catalog.run(
                declared,
                HmsCall.table(Operation.ALTER, table.getNamespace(), table.getName()),
                client -> CompactionWords.response(client.acidTransactions().enqueueCompaction(request)));
    }

    /**
     * HMS 4's filters; its order is a piece of HMS's SQL, of which only its id column is understood (other
     * orders are refused as HMS refuses a column it lacks). Entries come in id order otherwise.
     */
    public ShowCompactResponse show_compact(ShowCompactRequest rqst) throws TException {
        Optional<ListCompactionsRequest> request = CompactionWords.filter(rqst);
        if (request.isEmpty()) {
            // A state HMS stores under no code matches no entry.
            return new ShowCompactResponse(new ArrayList<>());
        }
        return catalog.run(SHOW, HmsCall.database(Operation.READ, null), client -> {
            List<ShowCompactResponseElement> elements = new ArrayList<>();
            for (Compaction entry : client.acidTransactions().listCompactions(request.get())) {
                elements.add(CompactionWords.element(entry));
            }
            return new ShowCompactResponse(elements);
        });
    }
}
