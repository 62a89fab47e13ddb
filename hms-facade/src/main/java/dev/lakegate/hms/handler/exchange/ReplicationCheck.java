package dev.lakegate.hms.handler.exchange;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.names.CatalogDbName;

/**
 * HiveMetaStore.isRenameAllowed: between two databases, none may be the source of a replication
 * policy (the {@code repl.source.for} parameter), since the replica would not see the move.
 */
final class ReplicationCheck {

    private static final String SOURCE_OF_REPLICATION = "repl.source.for";

    private ReplicationCheck() {}

    static void requireRenameAllowed(
            CatalogClient client,
            PartitionTable from,
            PartitionTable to,
            CatalogDbName sourceDb,
            String sourceTable,
            String rawDestinationDb) {
        if (from.database().equalsIgnoreCase(to.database())) {
            return;
        }
        if (isReplicated(client, from.catalog(), from.database())
                || isReplicated(client, to.catalog(), to.database())) {
            throw HmsFailure.meta("Exchange partition not allowed for "
                    + PartitionExchange.qualified(sourceDb, sourceTable) + " Dest db : " + rawDestinationDb);
        }
    }

    private static boolean isReplicated(CatalogClient client, String catalog, String database) {
        String policies = client.catalogs()
                .getNamespace(catalog, database)
                .getPropertiesMap()
                .get(SOURCE_OF_REPLICATION);
        return policies != null && !policies.isEmpty();
    }
}
