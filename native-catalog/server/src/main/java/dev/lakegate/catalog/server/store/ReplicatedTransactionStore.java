package dev.lakegate.catalog.server.store;

import java.util.List;
import java.util.Map;

/**
 * Replication's map of a source's transactions to the ones that replay them here (HMS's REPL_TXN_MAP), per
 * replication policy.
 */
public interface ReplicatedTransactionStore {

    /** The target of each of {@code sourceIds} that the policy maps, by source id (unmapped ones left out). */
    Map<Long, Long> targets(String policy, List<Long> sourceIds);

    /** Maps each source id to its target, index by index (the lists are as long). */
    void map(String policy, List<Long> sourceIds, List<Long> targetIds);

    /** Forgets the policy's row of {@code sourceId}, if any. */
    void forgetSource(String policy, long sourceId);

    /** The policies of the rows whose target is one of {@code targetIds}, each once. */
    List<String> policiesOfTargets(List<Long> targetIds);

    /** Forgets every row whose target is one of {@code targetIds}. */
    void forgetTargets(List<Long> targetIds);
}
