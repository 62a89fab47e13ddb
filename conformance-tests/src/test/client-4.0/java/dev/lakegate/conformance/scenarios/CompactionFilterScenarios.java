package dev.lakegate.conformance.scenarios;

import static dev.lakegate.conformance.scenarios.CompactionQueueScenarios.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.CompactionRequest;
import org.apache.hadoop.hive.metastore.api.CompactionType;
import org.apache.hadoop.hive.metastore.api.ShowCompactRequest;
import org.apache.hadoop.hive.metastore.api.ShowCompactResponseElement;
import org.junit.jupiter.api.Test;

/**
 * HMS 4's parts of the compaction queue: the request's pool, initiator, buckets and order, the types
 * REBALANCE and ABORT_TXN_CLEANUP, and show_compact's filters, as HMS 4.0.1 answers them: each text
 * matches exactly (the state by the one-letter code HMS stores, so "initiated" matches nothing), the pool
 * by what was asked (an entry of no pool is shown as "default" but not found by it), a limit of 0 or less
 * is none, and the order is a piece of HMS's SQL ({@code "CC_ID" DESC}; an unknown column is an internal
 * error). Ids are the target's own, so these run on the target alone and assert facts.
 */
public abstract class CompactionFilterScenarios extends ScenarioSupport {

    private long compact(CompactionRequest request) throws Exception {
        return hms().compact2(request).getId();
    }

    private List<Long> ids(ShowCompactRequest filter) throws Exception {
        return hms().show_compact(filter).getCompacts().stream()
                .map(ShowCompactResponseElement::getId)
                .toList();
    }

    private static ShowCompactRequest of(String db) {
        ShowCompactRequest filter = new ShowCompactRequest();
        filter.setDbName(db);
        return filter;
    }

    @Test
    void hms4PartsOfARequestAreShown() throws Exception {
        String db = unique("cq").toLowerCase(Locale.ROOT);
        CompactionRequest asked = request(db, "x", null, CompactionType.REBALANCE);
        asked.setPoolName("pool1");
        asked.setNumberOfBuckets(4);
        asked.setOrderByClause("order by a");
        asked.setInitiatorId("host-1");
        asked.setInitiatorVersion("4.0.1-test");
        asked.setRunas("alice");
        long id = compact(asked);
        compact(request(db, "y", null, CompactionType.ABORT_TXN_CLEANUP));
        List<ShowCompactResponseElement> shown = hms().show_compact(of(db)).getCompacts();
        assertThat(shown).hasSize(2);
        ShowCompactResponseElement x = shown.get(0);
        assertThat(x.getId()).isEqualTo(id);
        assertThat(x.getType()).isEqualTo(CompactionType.REBALANCE);
        assertThat(x.getPoolName()).isEqualTo("pool1");
        assertThat(x.getInitiatorId()).isEqualTo("host-1");
        assertThat(x.getInitiatorVersion()).isEqualTo("4.0.1-test");
        assertThat(x.getRunAs()).isEqualTo("alice");
        assertThat(x.getHightestTxnId()).isZero();
        assertThat(x.isSetNextTxnId() && x.isSetTxnId() && x.isSetCommitTime()).isTrue();
        assertThat(x.getNextTxnId() + x.getTxnId() + x.getCommitTime())
                .as("0 until worked on")
                .isZero();
        assertThat(x.isSetErrorMessage() || x.isSetWorkerVersion() || x.isSetCleanerStart() || x.isSetHightestWriteId())
                .isFalse();
        ShowCompactResponseElement y = shown.get(1);
        assertThat(y.getType()).isEqualTo(CompactionType.ABORT_TXN_CLEANUP);
        assertThat(y.getPoolName()).isEqualTo("default");
        assertThat(y.isSetInitiatorId() || y.isSetInitiatorVersion() || y.isSetRunAs())
                .isFalse();
    }

    @Test
    void showCompactFiltersByEachPartGiven() throws Exception {
        String db = unique("cq").toLowerCase(Locale.ROOT);
        long a = compact(request(db, "t", "ds=1", CompactionType.MAJOR));
        long b = compact(request(db, "t", "ds=2", CompactionType.MINOR));
        CompactionRequest pooled = request(db, "u", null, CompactionType.MINOR);
        pooled.setPoolName("pool_" + db);
        long c = compact(pooled);
        long d = compact(request(db.toUpperCase(Locale.ROOT), "T", null, CompactionType.MAJOR));
        assertThat(ids(of(db))).containsExactly(a, b, c);
        assertThat(ids(of(db.toUpperCase(Locale.ROOT))))
                .as("names match as given")
                .containsExactly(d);
        ShowCompactRequest table = of(db);
        table.setTbName("t");
        assertThat(ids(table)).containsExactly(a, b);
        table.setPartName("ds=2");
        assertThat(ids(table)).containsExactly(b);
        ShowCompactRequest partOnly = new ShowCompactRequest();
        partOnly.setPartName("ds=1");
        assertThat(ids(partOnly))
                .as("a partition without its table")
                .contains(a)
                .doesNotContain(b, c, d);
        ShowCompactRequest type = of(db);
        type.setType(CompactionType.MINOR);
        assertThat(ids(type)).containsExactly(b, c);
        ShowCompactRequest state = of(db);
        state.setState("i");
        assertThat(ids(state)).as("the state by HMS's code").containsExactly(a, b, c);
        state.setState("initiated");
        assertThat(ids(state)).as("not by its word").isEmpty();
        state.setState("w");
        assertThat(ids(state)).isEmpty();
        ShowCompactRequest pool = new ShowCompactRequest();
        pool.setPoolName("pool_" + db);
        assertThat(ids(pool)).containsExactly(c);
        ShowCompactRequest shownPool = of(db);
        shownPool.setPoolName("default");
        assertThat(ids(shownPool))
                .as("an entry of no pool is shown as 'default', not found by it")
                .isEmpty();
        ShowCompactRequest byId = new ShowCompactRequest();
        byId.setId(b);
        assertThat(ids(byId)).containsExactly(b);
    }

    @Test
    void showCompactLimitsAndOrdersAsHmsSqlSays() throws Exception {
        String db = unique("cq").toLowerCase(Locale.ROOT);
        long a = compact(request(db, "t", null, CompactionType.MAJOR));
        long b = compact(request(db, "u", null, CompactionType.MAJOR));
        long c = compact(request(db, "v", null, CompactionType.MAJOR));
        ShowCompactRequest filter = of(db);
        filter.setLimit(2);
        assertThat(ids(filter)).containsExactly(a, b);
        filter.setLimit(0);
        assertThat(ids(filter)).as("no limit").containsExactly(a, b, c);
        filter.setLimit(-1);
        assertThat(ids(filter)).as("no limit").containsExactly(a, b, c);
        filter.setLimit(2);
        filter.setOrder("\"CC_ID\" DESC");
        assertThat(ids(filter)).containsExactly(c, b);
        filter.setOrder("cq_id desc");
        Outcome unknownColumn = outcome(direct, cl -> stub(cl).show_compact(filter));
        assertThat(unknownColumn.exceptionType())
                .as("an order by a column HMS's query lacks")
                .isEqualTo("TApplicationException");
    }
}
