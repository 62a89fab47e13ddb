package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.AcidSnapshot;
import dev.lakegate.catalog.server.model.AcidSweep;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.ValidWriteIds;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The housekeeping's forgetting of write ids on a real store, on a store of its own: an aborted transaction
 * with writes (which other contracts leave behind) holds every write id above it, as in HMS.
 */
abstract class AcidWriteIdPruningTest extends ServiceOnScratchStore {

    private static final Duration TTL = Duration.ofSeconds(10);

    private AcidTransactionOperations transactions() {
        return catalog.acidTransactions();
    }

    private List<Long> open(int count) {
        return transactions().open(count, "", "alice", "host-1", "test-agent", TTL);
    }

    private ValidWriteIds validWriteIds(TableIdentifier table, AcidSnapshot snapshot) {
        return catalog.acidWriteIds().validWriteIds(List.of(table), snapshot).get(0);
    }

    @Test
    void writeIdsGoOnceNoOpenTransactionsReaderMayNameTheirWriterAsOpen() {
        TableIdentifier table = TableIdentifier.inDefaultCatalog("db", "pruned");
        long writer = open(1).get(0);
        long reader = open(1).get(0);
        // the reader's snapshot, taken after it opened: the writer is open in it
        AcidSnapshot readers = new AcidSnapshot(reader, Set.of(writer, reader), Set.of());
        long writeId = catalog.acidWriteIds()
                .allocate(table, List.of(writer), false)
                .get(0)
                .writeId();
        transactions().commit(writer, true);

        AcidSweep kept = transactions().sweep(AcidHousekeeper.STEP);

        assertThat(kept.writeIds()).isZero();
        assertThat(validWriteIds(table, readers).invalid()).containsExactly(writeId);

        transactions().commit(reader, true);
        long later = open(1).get(0);
        AcidSweep forgot = transactions().sweep(AcidHousekeeper.STEP);

        assertThat(forgot.writeIds()).isGreaterThanOrEqualTo(1);
        // as in HMS once its TXN_TO_WRITE_ID row is cleaned: the write's snapshot can no longer be asked for
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> catalog.acidWriteIds().validWriteIdsAsOf(List.of(table), readers, writeId));
        ValidWriteIds now = validWriteIds(table, new AcidSnapshot(later, Set.of(later), Set.of()));
        assertThat(now.highWaterMark()).isEqualTo(writeId);
        assertThat(now.invalid()).isEmpty();
        assertThat(catalog.acidWriteIds().lastWriteId(table)).isEqualTo(writeId);
    }
}
