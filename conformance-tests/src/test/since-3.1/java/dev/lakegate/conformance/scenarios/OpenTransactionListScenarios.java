package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.AbortTxnRequest;
import org.apache.hadoop.hive.metastore.api.GetOpenTxnsResponse;
import org.apache.hadoop.hive.metastore.api.OpenTxnRequest;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;

/**
 * {@code get_open_txns}, the list a reader builds its valid-transaction list from, as 3.x and 4.x clients read
 * it (a Hive 2.3 client reads its list as a set, fails on every 3.x and 4.x metastore, and is left out). On
 * the target alone, as {@link TransactionScenarios}.
 */
public abstract class OpenTransactionListScenarios extends ScenarioSupport {

    @Test
    void theOpenListMarksAbortedTransactionsInItsBits() throws Exception {
        ThriftHiveMetastore.Iface hms = stub(direct);
        List<Long> ids =
                hms.open_txns(new OpenTxnRequest(2, "txn-user", "txn-host")).getTxn_ids();
        hms.abort_txn(new AbortTxnRequest(ids.get(0)));
        GetOpenTxnsResponse open = hms.get_open_txns();
        assertThat(open.getTxn_high_water_mark()).isGreaterThanOrEqualTo(ids.get(1));
        List<Long> listed = open.getOpen_txns();
        assertThat(listed).isSorted().contains(ids.get(0), ids.get(1));
        BitSet aborted = BitSet.valueOf(open.bufferForAbortedBits());
        assertThat(aborted.get(listed.indexOf(ids.get(0)))).isTrue();
        assertThat(aborted.get(listed.indexOf(ids.get(1)))).isFalse();
        assertThat(open.getMin_open_txn()).isLessThanOrEqualTo(ids.get(1));
    }
}
