/**
 * What one HMS call may carry ({@link dev.lakegate.hms.handler.limits.Limit}, set with {@code lakegate
 * serve --limit}), checked by the dispatcher before any work ({@link
 * dev.lakegate.hms.handler.limits.CallLimits}).
 *
 * <p>Why partitions-per-call bounds writes: an HMS write call must change all or nothing, and a catalog
 * call is one transaction of at most 10,000 partitions. Writes that name their partitions are therefore
 * one catalog call each, refused before any work when they carry more: add_partitions, add_partitions_req,
 * add_partitions_pspec (one AddPartitions), alter_partitions and alter_partitions_req (one
 * UpdatePartitions), drop_partitions_req by names (one DeletePartitions), truncate_table of named partitions
 * (one UpdatePartitions). What is still more than one catalog write per call, and so not all-or-nothing
 * when a later write fails (it needs catalog operations that do both in one transaction):
 *
 * <ul>
 *   <li>alter_partitions: after the one update, the statistics of columns a partition lost are deleted
 *       partition by partition (HMS does this in its transaction);
 *   <li>set_aggr_stats_for on partitions: the statistics are written partition by partition, each in
 *       catalog calls of its own (bounded by partitions-per-call);
 *   <li>writes over all of a table's partitions, which no argument bounds: truncate_table of the whole
 *       table, alter_table renaming a table whose partitions move with it, alter_table with cascade — one
 *       catalog call per 10,000 partitions after the table's own commit.
 * </ul>
 */
package dev.lakegate.hms.handler.limits;
