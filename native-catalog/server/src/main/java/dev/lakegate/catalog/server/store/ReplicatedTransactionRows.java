package dev.lakegate.catalog.server.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@link ReplicatedTransactionStore} in the catalog's database ({@code acid_replicated_transactions}). */
final class ReplicatedTransactionRows implements ReplicatedTransactionStore {

    /** Ids per statement: well below what a driver binds in one. */
    private static final int CHUNK = 1000;

    private final Jdbc jdbc;

    ReplicatedTransactionRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Map<Long, Long> targets(String policy, List<Long> sourceIds) {
        Map<Long, Long> targets = new HashMap<>();
        for (List<Long> chunk : chunks(sourceIds)) {
            List<Object> parameters = new ArrayList<>(chunk.size() + 1);
            parameters.add(policy);
            parameters.addAll(chunk);
            jdbc.query(
                            "SELECT source_txn_id, target_txn_id FROM acid_replicated_transactions"
                                    + " WHERE repl_policy = ? AND source_txn_id IN ("
                                    + Jdbc.placeholders(chunk.size()) + ")",
                            row -> Map.entry(row.getLong(1), row.getLong(2)),
                            parameters)
                    .forEach(entry -> targets.put(entry.getKey(), entry.getValue()));
        }
        return targets;
    }

    @Override
    public void map(String policy, List<Long> sourceIds, List<Long> targetIds) {
        List<Object[]> rows = new ArrayList<>(sourceIds.size());
        for (int i = 0; i < sourceIds.size(); i++) {
            rows.add(new Object[] {policy, sourceIds.get(i), targetIds.get(i)});
        }
        jdbc.batch(
                "INSERT INTO acid_replicated_transactions (repl_policy, source_txn_id, target_txn_id) VALUES (?, ?, ?)",
                rows);
    }

    @Override
    public void forgetSource(String policy, long sourceId) {
        jdbc.update(
                "DELETE FROM acid_replicated_transactions WHERE repl_policy = ? AND source_txn_id = ?",
                policy,
                sourceId);
    }

    @Override
    public List<String> policiesOfTargets(List<Long> targetIds) {
        Set<String> policies = new LinkedHashSet<>();
        for (List<Long> chunk : chunks(targetIds)) {
            policies.addAll(jdbc.query(
                    "SELECT DISTINCT repl_policy FROM acid_replicated_transactions WHERE target_txn_id IN ("
                            + Jdbc.placeholders(chunk.size()) + ")",
                    row -> row.getString(1),
                    new ArrayList<Object>(chunk)));
        }
        return List.copyOf(policies);
    }

    @Override
    public void forgetTargets(List<Long> targetIds) {
        for (List<Long> chunk : chunks(targetIds)) {
            jdbc.update(
                    "DELETE FROM acid_replicated_transactions WHERE target_txn_id IN ("
                            + Jdbc.placeholders(chunk.size()) + ")",
                    new ArrayList<Object>(chunk));
        }
    }

    private static List<List<Long>> chunks(List<Long> ids) {
        List<List<Long>> chunks = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += CHUNK) {
            chunks.add(ids.subList(from, Math.min(ids.size(), from + CHUNK)));
        }
        return chunks;
    }
}
