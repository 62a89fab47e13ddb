package dev.lakegate.catalog.server.store;

import static dev.lakegate.catalog.server.store.StoreFixtures.KEYS;
import static dev.lakegate.catalog.server.store.StoreFixtures.T0;
import static dev.lakegate.catalog.server.store.StoreFixtures.T1;
import static dev.lakegate.catalog.server.store.StoreFixtures.function;
import static dev.lakegate.catalog.server.store.StoreFixtures.hiveTable;
import static dev.lakegate.catalog.server.store.StoreFixtures.icebergTable;
import static dev.lakegate.catalog.server.store.StoreFixtures.lease;
import static dev.lakegate.catalog.server.store.StoreFixtures.namespace;
import static dev.lakegate.catalog.server.store.StoreFixtures.partition;
import static dev.lakegate.catalog.server.store.StoreFixtures.snapshot;
import static dev.lakegate.catalog.server.store.StoreFixtures.statisticsOfEveryKind;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.Lease;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.PartitionFilter.And;
import dev.lakegate.catalog.server.model.PartitionFilter.Between;
import dev.lakegate.catalog.server.model.PartitionFilter.Compare;
import dev.lakegate.catalog.server.model.PartitionFilter.In;
import dev.lakegate.catalog.server.model.PartitionFilter.Like;
import dev.lakegate.catalog.server.model.PartitionFilter.Not;
import dev.lakegate.catalog.server.model.PartitionFilter.Operator;
import dev.lakegate.catalog.server.model.PartitionFilter.Or;
import dev.lakegate.catalog.server.model.PartitionNames;
import dev.lakegate.catalog.server.model.PartitionQuery;
import dev.lakegate.catalog.server.model.RuntimeStatistics;
import dev.lakegate.catalog.server.model.SerDe;
import dev.lakegate.catalog.server.model.Snapshot;
import dev.lakegate.catalog.server.model.StatisticsTarget;
import dev.lakegate.catalog.server.model.StorageFormat;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableUpdate;
import dev.lakegate.catalog.server.store.StoreTransaction.FunctionKey;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@link CatalogStore}, run against every database by a one-line subclass. All tests
 * of a class share one scratch database, so each works in namespaces and tables of its own and
 * reads event ids relative to where it started.
 */
public abstract class AbstractCatalogStoreTest extends ScratchStoreContract {

    private static final AtomicInteger NAMES = new AtomicInteger();

    // Namespaces

    @Test
    void namespaceRoundTripsAndPagesInNameOrder() {
        String prefix = uniqueName("nsp");
        List<String> names = List.of(prefix + "_b", prefix + "_a", prefix + "_c");
        apply(tx -> names.forEach(name -> tx.insertNamespace(namespace(name))));

        assertThat(read((StoreTransaction tx) -> tx.findNamespace("hive", prefix + "_a")))
                .contains(namespace(prefix + "_a"));
        assertThat(read((StoreTransaction tx) -> tx.findNamespace("hive", prefix + "_missing")))
                .isEmpty();
        List<Namespace> page = read((StoreTransaction tx) ->
                tx.listNamespaces("hive", Optional.of(prefix + "_a"), 2).rows());
        assertThat(page).extracting(Namespace::name).containsExactly(prefix + "_b", prefix + "_c");
    }

    @Test
    void namespaceUpdateComparesVersions() {
        String name = uniqueName("nsu");
        apply(tx -> tx.insertNamespace(namespace(name)));
        Namespace changed = namespace(name).withLocation("s3://elsewhere").withVersion(4);

        assertThat(write((StoreTransaction tx) -> tx.updateNamespace(changed, 2)))
                .isFalse();
        assertThat(write((StoreTransaction tx) -> tx.updateNamespace(changed, 3)))
                .isTrue();
        assertThat(read((StoreTransaction tx) -> tx.findNamespace("hive", name)))
                .contains(changed);

        apply(tx -> tx.deleteNamespace("hive", name));
        assertThat(read((StoreTransaction tx) -> tx.findNamespace("hive", name)))
                .isEmpty();
    }

    @Test
    void duplicateNamespaceIsAlreadyExists() {
        String name = uniqueName("nsd");
        apply(tx -> tx.insertNamespace(namespace(name)));
        assertCatalogError(
                () -> apply(tx -> tx.insertNamespace(Namespace.of(name))),
                ErrorCode.NAMESPACE_ALREADY_EXISTS,
                "namespace " + name + " already exists");
    }

    @Test
    void duplicateInsertLeavesTheTransactionUsable() {
        String name = uniqueName("nsk");
        apply(tx -> tx.insertNamespace(namespace(name)));
        apply(tx -> {
            assertThatThrownBy(() -> tx.insertNamespace(namespace(name))).isInstanceOf(CatalogException.class);
            tx.insertNamespace(namespace(name + "_other"));
        });
        assertThat(read((StoreTransaction tx) -> tx.findNamespace("hive", name + "_other")))
                .isPresent();
    }

    @Test
    void aWriteAfterReadsIsStillAllOrNothing() {
        // Reads run without a transaction; the pooled connection they leave behind must not.
        String name = uniqueName("nsr");
        for (int i = 0; i < 3; i++) {
            assertThat(read((StoreTransaction tx) -> tx.findNamespace("hive", name)))
                    .isEmpty();
        }
        assertThatThrownBy(() -> apply(tx -> {
                    tx.insertNamespace(namespace(name));
                    throw new IllegalStateException("fails after its insert");
                }))
                .hasMessage("fails after its insert");
        assertThat(read((StoreTransaction tx) -> tx.findNamespace("hive", name)))
                .isEmpty();
    }

    // Tables

    @Test
    void tableRoundTripsEveryFieldWithAndWithoutSnapshots() {
        String ns = uniqueName("tbl");
        Table hive = hiveTable(ns, "hive_t");
        Table iceberg = icebergTable(ns, "iceberg_t");
        apply(tx -> {
            tx.insertTable(hive);
            tx.insertTable(iceberg);
        });

        assertThat(read((StoreTransaction tx) -> tx.findTable(hive.identifier(), true)))
                .contains(hive);
        assertThat(read((StoreTransaction tx) -> tx.findTable(hive.identifier(), false)))
                .contains(hive.withoutSnapshots());
        assertThat(read((StoreTransaction tx) -> tx.findTable(iceberg.identifier(), true)))
                .contains(iceberg);
        assertThat(read((StoreTransaction tx) ->
                        tx.findTables("hive", ns, List.of("iceberg_t", "missing", "hive_t"), true)))
                .containsExactly(iceberg, hive);
        assertThat(read((StoreTransaction tx) ->
                        tx.listTables("hive", ns, "", Optional.empty(), 10).rows()))
                .containsExactly(hive.withoutSnapshots(), iceberg.withoutSnapshots());
        assertThat(read((StoreTransaction tx) ->
                        tx.listTables("hive", ns, "", Optional.of("hive_t"), 10).rows()))
                .containsExactly(iceberg.withoutSnapshots());
        assertThat(read((StoreTransaction tx) -> tx.countTables("hive", ns))).isEqualTo(2);
    }

    @Test
    void aPrefixListsOneRangeOfNamesInCodePointOrder() {
        String ns = uniqueName("tprefix");
        // '_' is LIKE's wildcard; "a\u00ff" and "a\u0100" sit at the edge of the range of "a\u00ff"; the
        // two supplementary letters at that of "\ud835\udc9c".
        List<String> names = List.of(
                "a",
                "a_b",
                "axb",
                "a\u00ff",
                "a\u00ffz",
                "a\u0100",
                "b",
                "\ud835\udc9c",
                "\ud835\udc9cz",
                "\ud835\udc9e");
        apply(tx -> names.forEach(name -> tx.insertTable(hiveTable(ns, name))));

        assertThat(listedNames(ns, "a_", Optional.empty())).containsExactly("a_b");
        assertThat(listedNames(ns, "a", Optional.empty()))
                .containsExactly("a", "a_b", "axb", "a\u00ff", "a\u00ffz", "a\u0100");
        assertThat(listedNames(ns, "a", Optional.of("a_b"))).containsExactly("axb", "a\u00ff", "a\u00ffz", "a\u0100");
        assertThat(listedNames(ns, "a\u00ff", Optional.empty())).containsExactly("a\u00ff", "a\u00ffz");
        assertThat(listedNames(ns, "\ud835\udc9c", Optional.empty())).containsExactly("\ud835\udc9c", "\ud835\udc9cz");
        assertThat(listedNames(ns, "c", Optional.empty())).isEmpty();
    }

    private List<String> listedNames(String ns, String prefix, Optional<String> after) {
        return read((StoreTransaction tx) ->
                        tx.listTables("hive", ns, prefix, after, 100).rows())
                .stream()
                .map(Table::name)
                .toList();
    }

    @Test
    void constraintsNameTheirParentAsItIsNamedNowAndGoWithADroppedParent() {
        String ns = uniqueName("cons");
        Table parent = hiveTable(ns, "parent");
        Table child = hiveTable(ns, "child");
        dev.lakegate.catalog.server.model.TableConstraint key = new dev.lakegate.catalog.server.model.TableConstraint(
                "parent_pk",
                dev.lakegate.catalog.server.model.ConstraintKind.PRIMARY_KEY,
                List.of("id"),
                Optional.empty(),
                Optional.empty(),
                false,
                false,
                true,
                false);
        dev.lakegate.catalog.server.model.TableConstraint foreign =
                new dev.lakegate.catalog.server.model.TableConstraint(
                        "child_fk",
                        dev.lakegate.catalog.server.model.ConstraintKind.FOREIGN_KEY,
                        List.of("id"),
                        Optional.of(new dev.lakegate.catalog.server.model.ForeignKeyReference(
                                parent.identifier(), List.of("id"), 0, 0)),
                        Optional.empty(),
                        false,
                        false,
                        true,
                        false);
        apply(tx -> {
            tx.insertTable(parent);
            tx.insertTable(child);
            tx.insertConstraints(parent.id(), List.of(key), List.of(Optional.empty()));
            tx.insertConstraints(child.id(), List.of(foreign), List.of(Optional.of(parent.id())));
        });
        assertThat(read((StoreTransaction tx) -> tx.findConstraints(parent.id()))
                        .get(0)
                        .constraint())
                .isEqualTo(key);
        Table renamed = parent.toBuilder()
                .identifier(TableIdentifier.inDefaultCatalog(ns, "renamed"))
                .version(parent.version() + 1)
                .build();
        assertThat(write((StoreTransaction tx) -> tx.swapTable(parent, renamed)))
                .isTrue();
        assertThat(read((StoreTransaction tx) -> tx.findConstraints(child.id()))
                        .get(0)
                        .constraint()
                        .references()
                        .orElseThrow()
                        .table())
                .isEqualTo(TableIdentifier.inDefaultCatalog(ns, "renamed"));
        assertThat(read((StoreTransaction tx) -> tx.findReferencingForeignKeys(parent.id())))
                .extracting(c -> c.table())
                .containsExactly(child.identifier());
        apply(tx -> tx.deleteTable(renamed));
        assertThat(read((StoreTransaction tx) -> tx.findConstraints(child.id())))
                .isEmpty();
        assertThat(write((StoreTransaction tx) -> tx.deleteConstraint(child.id(), "child_fk")))
                .isFalse();
    }

    @Test
    void listingsFollowSwapsRenamesAndDropsOfTablesReadBefore() {
        String ns = uniqueName("tlist");
        Table a = hiveTable(ns, "a");
        Table b = icebergTable(ns, "b");
        apply(tx -> {
            tx.insertTable(a);
            tx.insertTable(b);
        });
        assertThat(read((StoreTransaction tx) ->
                        tx.listTables("hive", ns, "", Optional.empty(), 10).rows()))
                .containsExactly(a.withoutSnapshots(), b.withoutSnapshots());

        Table changed = a.toBuilder()
                .properties(Map.of("k", "v2"))
                .version(a.version() + 1)
                .build();
        Table renamed = b.toBuilder()
                .identifier(TableIdentifier.inDefaultCatalog(ns, "c"))
                .version(b.version() + 1)
                .build();
        assertThat(write((StoreTransaction tx) -> tx.swapTable(a, changed))).isTrue();
        assertThat(write((StoreTransaction tx) -> tx.swapTable(b, renamed))).isTrue();
        assertThat(read((StoreTransaction tx) ->
                        tx.listTables("hive", ns, "", Optional.empty(), 10).rows()))
                .containsExactly(changed.withoutSnapshots(), renamed.withoutSnapshots());

        apply(tx -> tx.deleteTable(changed));
        assertThat(read((StoreTransaction tx) ->
                        tx.listTables("hive", ns, "", Optional.empty(), 10).rows()))
                .containsExactly(renamed.withoutSnapshots());
    }

    @Test
    void duplicateTableNameOrIdIsAlreadyExists() {
        String ns = uniqueName("tdup");
        Table table = hiveTable(ns, "t");
        apply(tx -> tx.insertTable(table));

        assertCatalogError(
                () -> apply(tx -> tx.insertTable(icebergTable(ns, "t"))),
                ErrorCode.TABLE_ALREADY_EXISTS,
                "table " + ns + ".t already exists");
        Table sameId = table.toBuilder()
                .identifier(TableIdentifier.inDefaultCatalog(ns, "other"))
                .build();
        assertCatalogError(() -> apply(tx -> tx.insertTable(sameId)), ErrorCode.TABLE_ALREADY_EXISTS, "already exists");
    }

    @Test
    void swapWritesTheSnapshotDifferenceAndKeepsOrder() {
        String ns = uniqueName("swap");
        Table current = hiveTable(ns, "t");
        apply(tx -> tx.insertTable(current));

        List<Snapshot> expired = new ArrayList<>(current.snapshots().subList(1, 3));
        expired.add(snapshot(104, Optional.of(103L)));
        expired.add(snapshot(99, Optional.of(104L)));
        Table next = current.toBuilder()
                .snapshots(expired)
                .currentSnapshotId(Optional.of(99L))
                .properties(Map.of("k", "v"))
                .version(2)
                .build();

        assertThat(write((StoreTransaction tx) -> tx.swapTable(current, next))).isTrue();
        assertThat(read((StoreTransaction tx) -> tx.findTable(next.identifier(), true)))
                .contains(next);

        // Reordered snapshots take the rewrite path; the order must still come back as given.
        List<Snapshot> reordered = new ArrayList<>(next.snapshots());
        Collections.reverse(reordered);
        Table third = next.toBuilder().snapshots(reordered).version(3).build();
        assertThat(write((StoreTransaction tx) -> tx.swapTable(next, third))).isTrue();
        assertThat(read((StoreTransaction tx) -> tx.findTable(third.identifier(), true)))
                .contains(third);
    }

    @Test
    void swapOnStaleVersionReturnsFalseAndChangesNothing() {
        String ns = uniqueName("stale");
        Table v1 = hiveTable(ns, "t");
        apply(tx -> tx.insertTable(v1));
        Table v2 = v1.toBuilder().location("s3://v2").version(2).build();
        assertThat(write((StoreTransaction tx) -> tx.swapTable(v1, v2))).isTrue();

        Table lost = v1.toBuilder()
                .location("s3://lost")
                .snapshots(List.of())
                .version(2)
                .build();
        assertThat(write((StoreTransaction tx) -> tx.swapTable(v1, lost))).isFalse();
        assertThat(read((StoreTransaction tx) -> tx.findTable(v1.identifier(), true)))
                .contains(v2);
    }

    @Test
    void swapThatWaitedForARowLockRechecksTheVersion() throws Exception {
        Table v1 = icebergTable(uniqueName("wait"), "t");
        apply(tx -> tx.insertTable(v1));
        Table winner = v1.toBuilder().location("s3://winner").version(2).build();
        Table loser = v1.toBuilder().location("s3://loser").version(2).build();
        CountDownLatch winnerHoldsRow = new CountDownLatch(1);
        AtomicLong winnerCommitting = new AtomicLong();
        AtomicLong loserReturned = new AtomicLong();
        ExecutorService executor = Executors.newFixedThreadPool(2);
        try {
            Future<Boolean> first = executor.submit(() -> write((StoreTransaction tx) -> {
                boolean swapped = tx.swapTable(v1, winner);
                winnerHoldsRow.countDown();
                sleep(300);
                winnerCommitting.set(System.nanoTime());
                return swapped;
            }));
            Future<Boolean> second = executor.submit(() -> {
                await(winnerHoldsRow);
                boolean swapped = write((StoreTransaction tx) -> tx.swapTable(v1, loser));
                loserReturned.set(System.nanoTime());
                return swapped;
            });
            assertThat(first.get(30, TimeUnit.SECONDS)).isTrue();
            assertThat(second.get(30, TimeUnit.SECONDS)).isFalse();
        } finally {
            executor.shutdownNow();
        }
        // The loser's UPDATE waited for the winner's row lock, then saw version 2 and matched nothing.
        assertThat(loserReturned.get()).isGreaterThan(winnerCommitting.get());
        assertThat(read((StoreTransaction tx) -> tx.findTable(v1.identifier(), true)))
                .contains(winner);
    }

    @Test
    void aTableReadBeforeAWriteIsReadAsWrittenAfterIt() {
        String ns = uniqueName("reread");
        Table v1 = hiveTable(ns, "t");
        apply(tx -> tx.insertTable(v1));
        assertThat(findWithoutSnapshots(v1)).contains(v1.withoutSnapshots());
        assertThat(findWithoutSnapshots(v1)).contains(v1.withoutSnapshots());

        Table v2 = v1.toBuilder().location("s3://v2").version(2).build();
        assertThat(write((StoreTransaction tx) -> tx.swapTable(v1, v2))).isTrue();
        assertThat(findWithoutSnapshots(v1)).contains(v2.withoutSnapshots());

        // A write that fails still leaves the table as the database has it.
        assertThatThrownBy(() -> apply(tx -> {
                    tx.swapTable(
                            v2,
                            v2.toBuilder()
                                    .location("s3://rolled-back")
                                    .version(3)
                                    .build());
                    throw new IllegalStateException("fails after its swap");
                }))
                .hasMessage("fails after its swap");
        assertThat(findWithoutSnapshots(v1)).contains(v2.withoutSnapshots());

        apply(tx -> tx.deleteTable(v2));
        assertThat(findWithoutSnapshots(v1)).isEmpty();
    }

    @Test
    void aWriteThroughAnotherStoreOnTheSameDatabaseIsSeen() {
        String ns = uniqueName("other");
        Table v1 = hiveTable(ns, "t");
        apply(tx -> tx.insertTable(v1));
        assertThat(findWithoutSnapshots(v1)).contains(v1.withoutSnapshots());

        Table v2 = v1.toBuilder().location("s3://v2").version(2).build();
        try (JdbcCatalogStore another = scratch.openAnother()) {
            assertThat(another.inTransaction((StoreTransaction tx) -> tx.swapTable(v1, v2)))
                    .isTrue();
        }
        assertThat(findWithoutSnapshots(v1)).contains(v2.withoutSnapshots());
    }

    @Test
    void readersNeverSeeATableOlderThanAnAcknowledgedWrite() throws Exception {
        Table first = hiveTable(uniqueName("fresh"), "t");
        apply(tx -> tx.insertTable(first));
        int versions = 200;
        AtomicLong acknowledged = new AtomicLong(first.version());
        AtomicBoolean writing = new AtomicBoolean(true);
        ExecutorService executor = Executors.newFixedThreadPool(4);
        try {
            // Writes start only once every reader has read, so a slow thread start cannot leave a reader
            // that never raced a write.
            CountDownLatch readersReading = new CountDownLatch(3);
            Future<?> writer = executor.submit(() -> {
                assertThat(readersReading.await(60, TimeUnit.SECONDS)).isTrue();
                Table current = first;
                for (int i = 0; i < versions; i++) {
                    Table next = current.toBuilder()
                            .location("s3://v" + (current.version() + 1))
                            .version(current.version() + 1)
                            .build();
                    Table expected = current;
                    assertThat(write((StoreTransaction tx) -> tx.swapTable(expected, next)))
                            .isTrue();
                    acknowledged.set(next.version());
                    current = next;
                }
                writing.set(false);
                return null;
            });
            List<Future<Long>> readers = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                readers.add(executor.submit(() -> {
                    long reads = 0;
                    do {
                        long atLeast = acknowledged.get();
                        Table seen = findWithoutSnapshots(first).orElseThrow();
                        assertThat(seen.version())
                                .as("version read after %s was acknowledged", atLeast)
                                .isGreaterThanOrEqualTo(atLeast);
                        assertThat(seen.location())
                                .isEqualTo(
                                        seen.version() == first.version()
                                                ? first.location()
                                                : "s3://v" + seen.version());
                        if (reads++ == 0) {
                            readersReading.countDown();
                        }
                    } while (writing.get());
                    return reads;
                }));
            }
            writer.get(60, TimeUnit.SECONDS);
            for (Future<Long> reader : readers) {
                reader.get(60, TimeUnit.SECONDS);
            }
        } finally {
            writing.set(false);
            executor.shutdownNow();
        }
        assertThat(findWithoutSnapshots(first).orElseThrow().version()).isEqualTo(first.version() + versions);
    }

    @Test
    void swapRenamesAndRefusesAnExistingName() {
        String ns = uniqueName("ren");
        Table a = hiveTable(ns, "a");
        Table b = icebergTable(ns, "b");
        apply(tx -> {
            tx.insertTable(a);
            tx.insertTable(b);
        });
        Table renamed = a.toBuilder()
                .identifier(TableIdentifier.inDefaultCatalog(ns, "c"))
                .version(2)
                .build();
        assertThat(write((StoreTransaction tx) -> tx.swapTable(a, renamed))).isTrue();
        assertThat(read((StoreTransaction tx) -> tx.findTable(a.identifier(), false)))
                .isEmpty();
        assertThat(read((StoreTransaction tx) -> tx.findTable(renamed.identifier(), true)))
                .contains(renamed);

        Table clash = renamed.toBuilder().identifier(b.identifier()).version(3).build();
        assertCatalogError(
                () -> write((StoreTransaction tx) -> tx.swapTable(renamed, clash)),
                ErrorCode.TABLE_ALREADY_EXISTS,
                "table " + ns + ".b already exists");
    }

    @Test
    void concurrentSwapsLoseNoUpdate() throws Exception {
        String ns = uniqueName("cas");
        Table initial = icebergTable(ns, "t").toBuilder()
                .properties(Map.of("counter", "0"))
                .build();
        apply(tx -> tx.insertTable(initial));
        int threads = 16;
        // every swap is raced by the others (on PostgreSQL 800 swaps lost ~4,600 races, 47 s on 2 cores): 20
        // each keep every thread racing
        int swapsPerThread = 20;
        AtomicInteger lostRaces = new AtomicInteger();

        runConcurrently(threads, thread -> {
            for (int done = 0; done < swapsPerThread; ) {
                boolean swapped = write((StoreTransaction tx) -> {
                    Table current = tx.findTable(initial.identifier(), true).orElseThrow();
                    int counter = Integer.parseInt(current.properties().get("counter"));
                    Table next = current.toBuilder()
                            .properties(Map.of("counter", Integer.toString(counter + 1)))
                            .version(current.version() + 1)
                            .build();
                    return tx.swapTable(current, next);
                });
                if (swapped) {
                    done++;
                } else {
                    lostRaces.incrementAndGet();
                }
            }
        });

        Table last = read((StoreTransaction tx) -> tx.findTable(initial.identifier(), true))
                .orElseThrow();
        assertThat(last.version()).isEqualTo(1 + threads * swapsPerThread);
        assertThat(last.properties()).containsEntry("counter", Integer.toString(threads * swapsPerThread));
        System.out.printf(
                "[%s] %d swaps by %d threads, %d lost races retried%n",
                store.dialect(), threads * swapsPerThread, threads, lostRaces.get());
    }

    @Test
    void deleteTableRemovesEverythingOfIt() {
        String ns = uniqueName("del");
        Table table = hiveTable(ns, "t");
        Table other = hiveTable(ns, "other");
        apply(tx -> {
            tx.insertTable(table);
            tx.insertTable(other);
            for (Table t : List.of(table, other)) {
                tx.insertPartitions(t.id(), KEYS, List.of(partition("2024-01-01", "1"), partition("2024-01-02", "2")));
                tx.upsertColumnStatistics(t.id(), "", "hive", statisticsOfEveryKind());
                tx.upsertColumnStatistics(t.id(), "ds=2024-01-01/hr=1", "hive", statisticsOfEveryKind());
            }
        });

        apply(tx -> tx.deleteTable(table));

        assertThat(read((StoreTransaction tx) -> tx.findTable(table.identifier(), false)))
                .isEmpty();
        for (String rows :
                List.of("snapshots", "partitions", "partition_key_values", "partition_storage", "column_statistics")) {
            assertThat(countRows(rows, table.id())).as(rows).isZero();
            assertThat(countRows(rows, other.id()))
                    .as(rows + " of another table")
                    .isPositive();
        }
    }

    // Pages of large objects

    /**
     * 20 objects of 1 MiB each, listed 100 to a page: a page stops at its byte budget (16 MiB), says so,
     * and the next page goes on from its last row, so that every object is listed once and in order.
     */
    @Test
    void pagesOfLargeObjectsStopAtTheirByteBudgetAndGoOn() {
        String large = "x".repeat(1024 * 1024);
        String prefix = uniqueName("big");
        List<String> names =
                IntStream.range(0, 20).mapToObj(i -> prefix + "_" + (100 + i)).toList();
        apply(tx -> names.forEach(name -> {
            Namespace plain = namespace(name);
            tx.insertNamespace(new Namespace(
                    name, plain.location(), large, plain.owner(), plain.ownerType(), plain.properties(), T0, 1, ""));
            tx.insertTable(hiveTable(prefix + "_100", "t_" + name).toBuilder()
                    .properties(Map.of("big", large))
                    .build());
        }));
        Table partitioned = newHiveTable();
        apply(tx -> tx.insertPartitions(
                partitioned.id(),
                KEYS,
                names.stream()
                        .map(name -> {
                            Partition plain = partition(name, "1");
                            return new Partition(
                                    plain.values(),
                                    plain.location(),
                                    Map.of("big", large),
                                    T0,
                                    T1,
                                    plain.columns(),
                                    plain.storage());
                        })
                        .toList()));

        assertPagedBySize(
                names,
                after -> read(
                        (StoreTransaction tx) -> tx.listNamespaces("hive", Optional.of(after.orElse(prefix)), 100)),
                Namespace::name);
        assertPagedBySize(
                names.stream().map(name -> "t_" + name).toList(),
                after -> read((StoreTransaction tx) -> tx.listTables("hive", prefix + "_100", "", after, 100)),
                Table::name);
        assertPagedBySize(
                names,
                after -> read((StoreTransaction tx) -> tx.listPartitions(
                        partitioned.id(),
                        KEYS,
                        new PartitionQuery(
                                Optional.empty(),
                                List.of(),
                                after.map(name -> PartitionNames.name(KEYS, List.of(name, "1"))),
                                100,
                                false))),
                partition -> partition.values().get(0));
    }

    private static <T> void assertPagedBySize(
            List<String> expected,
            java.util.function.Function<Optional<String>, PageRows<T>> page,
            java.util.function.Function<T, String> key) {
        PageRows<T> first = page.apply(Optional.empty());
        assertThat(first.cutBySize())
                .as("the first page stopped at its byte budget")
                .isTrue();
        // each holds a little over 1 MiB, so the 16th would pass the 16 MiB budget
        assertThat(first.rows()).hasSize(15);
        List<String> listed = new ArrayList<>(first.rows().stream().map(key).toList());
        PageRows<T> next = page.apply(Optional.of(listed.get(listed.size() - 1)));
        next.rows().stream().map(key).filter(expected::contains).forEach(listed::add);
        assertThat(listed).containsExactlyElementsOf(expected);
    }

    // Partitions

    @Test
    void partitionsRoundTripEveryField() {
        Table table = newHiveTable();
        Partition a = partition("2024-01-02", "7");
        Partition b = partition("2024-01-01", "12").withLocation("s3://elsewhere");
        apply(tx -> tx.insertPartitions(table.id(), KEYS, List.of(a, b)));

        assertThat(read((StoreTransaction tx) -> tx.findPartition(table.id(), KEYS, List.of("2024-01-02", "7"))))
                .contains(a);
        assertThat(read((StoreTransaction tx) -> tx.findPartition(table.id(), KEYS, List.of("2024-01-02", "8"))))
                .isEmpty();
        assertThat(read((StoreTransaction tx) -> tx.findPartitions(
                        table.id(),
                        KEYS,
                        List.of(List.of("2024-01-02", "7"), List.of("x", "1"), List.of("2024-01-01", "12")),
                        false)))
                .containsExactly(b, a);
        assertThat(read((StoreTransaction tx) -> tx.listPartitions(table.id(), KEYS, PartitionQuery.all(10))
                        .rows()))
                .containsExactly(b, a);
        assertThat(read((StoreTransaction tx) -> tx.countPartitions(table.id(), KEYS, Optional.empty())))
                .isEqualTo(2);
    }

    @Test
    void partitionTimesAreKeptToTheMicrosecond() {
        Table table = newHiveTable();
        Instant precise = Instant.parse("2024-05-01T10:15:30.123456789Z");
        Partition partition = partition("d", "1").withCreateTime(precise);
        apply(tx -> tx.insertPartitions(table.id(), KEYS, List.of(partition)));

        assertThat(read((StoreTransaction tx) -> tx.findPartition(table.id(), KEYS, List.of("d", "1")))
                        .orElseThrow()
                        .createTime())
                .isEqualTo(Instant.parse("2024-05-01T10:15:30.123456Z"));
    }

    @Test
    void valuesOnlyReturnsValuesAndEmptyEverythingElse() {
        Table table = newHiveTable();
        apply(tx -> tx.insertPartitions(table.id(), KEYS, List.of(partition("a", "1"), partition("b", "2"))));

        Partition expected = new Partition(
                List.of("a", "1"),
                "",
                Map.of(),
                Instant.EPOCH,
                Instant.EPOCH,
                List.of(),
                StorageFormat.of("", "", SerDe.of("", Map.of())));
        assertThat(read((StoreTransaction tx) -> tx.findPartitions(table.id(), KEYS, List.of(List.of("a", "1")), true)))
                .containsExactly(expected);
        PartitionQuery valuesOnly = new PartitionQuery(Optional.empty(), List.of(), Optional.empty(), 10, true);
        assertThat(read((StoreTransaction tx) ->
                        tx.listPartitions(table.id(), KEYS, valuesOnly).rows()))
                .first()
                .isEqualTo(expected);
    }

    @Test
    void duplicatePartitionsInsertNothing() {
        Table table = newHiveTable();
        apply(tx -> tx.insertPartitions(table.id(), KEYS, List.of(partition("a", "1"))));

        assertCatalogError(
                () -> apply(
                        tx -> tx.insertPartitions(table.id(), KEYS, List.of(partition("b", "1"), partition("a", "1")))),
                ErrorCode.PARTITION_ALREADY_EXISTS,
                "partition ds=a/hr=1 already exists");
        assertCatalogError(
                () -> apply(
                        tx -> tx.insertPartitions(table.id(), KEYS, List.of(partition("c", "1"), partition("c", "1")))),
                ErrorCode.PARTITION_ALREADY_EXISTS,
                "partition ds=c/hr=1 already exists");
        // Thrown before any row was written, so a caller may go on in the same transaction.
        apply(tx -> {
            assertThatThrownBy(() ->
                            tx.insertPartitions(table.id(), KEYS, List.of(partition("d", "1"), partition("a", "1"))))
                    .isInstanceOf(CatalogException.class);
            assertThat(tx.countPartitions(table.id(), KEYS, Optional.empty())).isEqualTo(1);
        });
        assertThat(read((StoreTransaction tx) -> tx.countPartitions(table.id(), KEYS, Optional.empty())))
                .isEqualTo(1);
    }

    @Test
    void filtersOfEveryKindOnStringAndIntegralKeys() {
        Table table = newHiveTable();
        List<String> days = List.of("2024-01-01", "2024-01-02", "2024-01-10", "2024-02-01", "");
        List<String> hours = List.of("1", "2", "10", "20", "");
        List<Partition> grid = new ArrayList<>();
        days.forEach(ds -> hours.forEach(hr -> grid.add(partition(ds, hr))));
        apply(tx -> tx.insertPartitions(table.id(), KEYS, grid));

        FilterCheck check = new FilterCheck(table, grid);
        check.matches(cmp("ds", Operator.EQUAL, "2024-01-02"), (ds, hr) -> ds.equals("2024-01-02"));
        check.matches(cmp("ds", Operator.NOT_EQUAL, "2024-01-02"), (ds, hr) -> !ds.equals("2024-01-02"));
        check.matches(cmp("ds", Operator.LESS, "2024-01-10"), (ds, hr) -> ds.compareTo("2024-01-10") < 0);
        check.matches(cmp("ds", Operator.GREATER_OR_EQUAL, "2024-01-10"), (ds, hr) -> ds.compareTo("2024-01-10") >= 0);
        check.matches(cmp("ds", Operator.EQUAL, ""), (ds, hr) -> ds.isEmpty());
        // Numbers compare as numbers ("10" < "2" as text); the default partition has no number.
        check.matches(cmp("hr", Operator.LESS, "10"), (ds, hr) -> hr != null && hr < 10);
        check.matches(cmp("hr", Operator.LESS_OR_EQUAL, "10"), (ds, hr) -> hr != null && hr <= 10);
        check.matches(cmp("hr", Operator.GREATER, "2"), (ds, hr) -> hr != null && hr > 2);
        check.matches(cmp("hr", Operator.GREATER_OR_EQUAL, "2"), (ds, hr) -> hr != null && hr >= 2);
        check.matches(cmp("hr", Operator.EQUAL, "010"), (ds, hr) -> hr != null && hr == 10);
        check.matches(cmp("hr", Operator.NOT_EQUAL, "10"), (ds, hr) -> hr != null && hr != 10);
        check.matches(new Not(cmp("hr", Operator.EQUAL, "10")), (ds, hr) -> hr != null && hr != 10);
        check.matches(new Not(cmp("ds", Operator.EQUAL, "2024-01-01")), (ds, hr) -> !ds.equals("2024-01-01"));
        check.matches(new In("hr", List.of("1", "20"), false), (ds, hr) -> hr != null && (hr == 1 || hr == 20));
        check.matches(new In("hr", List.of("1", "20"), true), (ds, hr) -> hr != null && hr != 1 && hr != 20);
        check.matches(
                new In("ds", List.of("2024-01-01", ""), false), (ds, hr) -> ds.equals("2024-01-01") || ds.isEmpty());
        check.matches(
                new In("ds", List.of("2024-01-01", ""), true), (ds, hr) -> !ds.equals("2024-01-01") && !ds.isEmpty());
        check.matches(new In("ds", List.of(), false), (ds, hr) -> false);
        check.matches(new Between("hr", "2", "10", false), (ds, hr) -> hr != null && hr >= 2 && hr <= 10);
        check.matches(new Between("hr", "2", "10", true), (ds, hr) -> hr != null && (hr < 2 || hr > 10));
        check.matches(
                new Between("ds", "2024-01-02", "2024-01-10", false),
                (ds, hr) -> ds.compareTo("2024-01-02") >= 0 && ds.compareTo("2024-01-10") <= 0);
        check.matches(new Like("ds", "2024-01-%", false), (ds, hr) -> ds.startsWith("2024-01-"));
        check.matches(new Like("ds", "2024-01-%", true), (ds, hr) -> !ds.startsWith("2024-01-"));
        check.matches(new Like("ds", "2024-_1-01", false), (ds, hr) -> ds.equals("2024-01-01"));
        check.matches(new Like("hr", "1%", false), (ds, hr) -> hr != null && (hr == 1 || hr == 10));
        check.matches(
                new And(List.of(
                        new Like("ds", "2024-01%", false),
                        new Or(List.of(cmp("hr", Operator.EQUAL, "1"), cmp("hr", Operator.GREATER, "10"))))),
                (ds, hr) -> ds.startsWith("2024-01") && hr != null && (hr == 1 || hr > 10));
        check.matches(
                new Not(new And(List.of(cmp("ds", Operator.EQUAL, "2024-01-01"), cmp("hr", Operator.EQUAL, "1")))),
                (ds, hr) -> !ds.equals("2024-01-01") || (hr != null && hr != 1));
        check.matches(new Or(List.of()), (ds, hr) -> false);
        check.matches(new And(List.of()), (ds, hr) -> true);
        check.matches(cmp("HR", Operator.EQUAL, "2"), (ds, hr) -> hr != null && hr == 2);
    }

    @Test
    void badFiltersAreInvalidArguments() {
        Table table = newHiveTable();
        assertCatalogError(
                () -> read((StoreTransaction tx) ->
                        tx.countPartitions(table.id(), KEYS, Optional.of(cmp("nope", Operator.EQUAL, "1")))),
                ErrorCode.INVALID_ARGUMENT,
                "nope");
        assertCatalogError(
                () -> read((StoreTransaction tx) -> tx.listPartitions(
                                table.id(),
                                KEYS,
                                new PartitionQuery(
                                        Optional.of(new In("hr", List.of("1", "x"), false)),
                                        List.of(),
                                        Optional.empty(),
                                        10,
                                        false))
                        .rows()),
                ErrorCode.INVALID_ARGUMENT,
                "hr");
    }

    /**
     * Chains as long as a hostile client sends them, and a filter as deep and as large as the catalog
     * takes: one flat condition each in SQL, which both databases plan without exhausting a stack.
     */
    @Test
    void tenThousandTermChainsAndTheLargestFiltersSelectExactly() {
        Table table = newHiveTable();
        List<Partition> grid = new ArrayList<>();
        List.of("2024-01-01", "2024-01-02")
                .forEach(ds -> List.of("1", "2", "10", "").forEach(hr -> grid.add(partition(ds, hr))));
        apply(tx -> tx.insertPartitions(table.id(), KEYS, grid));
        FilterCheck check = new FilterCheck(table, grid);

        List<PartitionFilter> notHours = hours(10_000, Operator.NOT_EQUAL);
        List<PartitionFilter> hours = hours(10_000, Operator.EQUAL);
        PartitionFilter day = cmp("ds", Operator.EQUAL, "2024-01-02");
        PartitionFilter ten = cmp("hr", Operator.EQUAL, "10");
        check.matches(new And(concat(notHours, day)), (ds, hr) -> hr != null && ds.equals("2024-01-02"));
        check.matches(new Or(concat(hours, ten)), (ds, hr) -> hr != null && hr == 10);
        // NOT of an OR is an AND of 10,000 conditions to the database, and keeps SQL's NULL: no default partition.
        check.matches(new Not(new Or(hours)), (ds, hr) -> hr != null);
        check.matches(
                new Or(List.of(new And(concat(notHours, day)), ten)),
                (ds, hr) -> hr != null && (ds.equals("2024-01-02") || hr == 10));

        // As many values as the catalog takes: 49,998 in the list, of which only 2 is an hour, and 2 in BETWEEN.
        List<String> values = new ArrayList<>();
        for (int i = 0; i < CatalogWire.MAX_FILTER_VALUES - 3; i++) {
            values.add(Integer.toString(1000 + i));
        }
        values.add("2");
        check.matches(
                new And(List.of(new In("hr", values, false), new Between("hr", "1", "2", false))),
                (ds, hr) -> hr != null && hr == 2);

        PartitionFilter deepest = cmp("ds", Operator.EQUAL, "2024-01-01");
        for (int level = 1; level <= CatalogWire.MAX_FILTER_DEPTH; level++) {
            deepest = level % 2 == 0
                    ? new And(List.of(cmp("hr", Operator.GREATER_OR_EQUAL, "0"), deepest))
                    : new Or(List.of(cmp("hr", Operator.EQUAL, "99"), deepest));
        }
        check.matches(deepest, (ds, hr) -> hr != null && ds.equals("2024-01-01"));
    }

    @Test
    void namesEscapeSpecialCharactersAndFiltersMatchTheRawValues() {
        Table table = newHiveTable();
        List<String> days =
                List.of("a/b", "x=y", "c:d", "50%", "#tag", "with space", "naïve-日本", "a\\b", "under_score");
        List<Partition> partitions = days.stream().map(ds -> partition(ds, "1")).toList();
        apply(tx -> tx.insertPartitions(table.id(), KEYS, partitions));

        List<Partition> sorted = new ArrayList<>(partitions);
        sorted.sort(Comparator.comparing(p -> PartitionNames.name(KEYS, p.values())));
        assertThat(read((StoreTransaction tx) -> tx.listPartitions(table.id(), KEYS, PartitionQuery.all(100))
                        .rows()))
                .containsExactlyElementsOf(sorted);
        assertThat(PartitionNames.name(KEYS, List.of("a/b", "1"))).isEqualTo("ds=a%2Fb/hr=1");
        for (String ds : days) {
            assertThat(read((StoreTransaction tx) -> tx.findPartition(table.id(), KEYS, List.of(ds, "1"))))
                    .as(ds)
                    .contains(partition(ds, "1"));
        }

        FilterCheck check = new FilterCheck(table, partitions);
        check.matches(cmp("ds", Operator.EQUAL, "a/b"), (ds, hr) -> ds.equals("a/b"));
        check.matches(cmp("ds", Operator.EQUAL, "naïve-日本"), (ds, hr) -> ds.equals("naïve-日本"));
        // A backslash escapes %, _ and itself, as in Hive 4's filters.
        check.matches(new Like("ds", "a\\\\%", false), (ds, hr) -> ds.equals("a\\b"));
        check.matches(new Like("ds", "%\\_%", false), (ds, hr) -> ds.equals("under_score"));
        check.matches(new Like("ds", "50\\%", false), (ds, hr) -> ds.equals("50%"));
        check.matches(new Like("ds", "50%", false), (ds, hr) -> ds.equals("50%"));
        check.matches(new Like("ds", "% %", false), (ds, hr) -> ds.equals("with space"));
    }

    @Test
    void pagesFollowNamesAcrossPagesWithAndWithoutFilter() {
        Table table = newHiveTable();
        List<Partition> partitions = IntStream.range(0, 25)
                .mapToObj(i -> partition("d" + (i % 5), Integer.toString(i)))
                .toList();
        apply(tx -> tx.insertPartitions(table.id(), KEYS, partitions));

        List<Partition> all = pageThrough(table, Optional.empty(), List.of(), 10);
        assertThat(all).hasSize(25);
        assertThat(all).isSortedAccordingTo(Comparator.comparing(p -> PartitionNames.name(KEYS, p.values())));
        assertThat(all).containsExactlyInAnyOrderElementsOf(partitions);

        List<Partition> filtered =
                pageThrough(table, Optional.of(cmp("hr", Operator.GREATER_OR_EQUAL, "10")), List.of(), 4);
        assertThat(filtered).hasSize(15);
        assertThat(read((StoreTransaction tx) ->
                        tx.countPartitions(table.id(), KEYS, Optional.of(cmp("hr", Operator.GREATER_OR_EQUAL, "10")))))
                .isEqualTo(15);
    }

    @Test
    void prefixListingMatchesNonEmptyEntries() {
        Table table = newHiveTable();
        List<Partition> partitions = List.of(
                partition("a", "1"), partition("a", "2"), partition("b", "1"), partition("b", "2"), partition("", "2"));
        apply(tx -> tx.insertPartitions(table.id(), KEYS, partitions));

        assertThat(pageThrough(table, Optional.empty(), List.of("a"), 10))
                .extracting(Partition::values)
                .containsExactly(List.of("a", "1"), List.of("a", "2"));
        assertThat(pageThrough(table, Optional.empty(), List.of("", "2"), 10))
                .extracting(Partition::values)
                .containsExactlyInAnyOrder(List.of("a", "2"), List.of("b", "2"), List.of("", "2"));
        assertThat(pageThrough(table, Optional.of(cmp("ds", Operator.EQUAL, "b")), List.of("", "1"), 10))
                .extracting(Partition::values)
                .containsExactly(List.of("b", "1"));
    }

    @Test
    void similarPartitionsShareOneStorageRow() {
        Table table = newHiveTable();
        Partition template = partition("x", "0");
        for (int batch = 0; batch < 2; batch++) {
            int first = batch * 5_000;
            List<Partition> partitions = IntStream.range(first, first + 5_000)
                    .mapToObj(i -> template.withValues(List.of("d" + (i % 10), Integer.toString(i))))
                    .toList();
            apply(tx -> tx.insertPartitions(table.id(), KEYS, partitions));
        }
        assertThat(countRows("partitions", table.id())).isEqualTo(10_000);
        assertThat(countRows("partition_storage", table.id())).isEqualTo(1);

        Partition different = new Partition(
                List.of("y", "1"),
                "s3://y",
                Map.of(),
                T0,
                T1,
                template.columns().subList(0, 2),
                template.storage());
        apply(tx -> tx.insertPartitions(table.id(), KEYS, List.of(different)));
        assertThat(countRows("partition_storage", table.id())).isEqualTo(2);
        assertThat(read((StoreTransaction tx) -> tx.findPartition(table.id(), KEYS, List.of("y", "1"))))
                .contains(different);
    }

    @Test
    void updatePartitionRenamesWithItsKeyValuesAndStatistics() {
        Table table = newHiveTable();
        apply(tx -> {
            tx.insertPartitions(table.id(), KEYS, List.of(partition("a", "1"), partition("b", "2")));
            tx.upsertColumnStatistics(table.id(), "ds=a/hr=1", "hive", statisticsOfEveryKind());
        });

        Partition moved = partition("c", "3").withLocation("s3://moved");
        apply(tx -> tx.updatePartition(table.id(), KEYS, List.of("a", "1"), moved));

        assertThat(read((StoreTransaction tx) -> tx.findPartition(table.id(), KEYS, List.of("a", "1"))))
                .isEmpty();
        assertThat(read((StoreTransaction tx) -> tx.findPartition(table.id(), KEYS, List.of("c", "3"))))
                .contains(moved);
        assertThat(read((StoreTransaction tx) ->
                        tx.countPartitions(table.id(), KEYS, Optional.of(cmp("hr", Operator.EQUAL, "3")))))
                .isEqualTo(1);
        assertThat(read((StoreTransaction tx) ->
                        tx.countPartitions(table.id(), KEYS, Optional.of(cmp("ds", Operator.EQUAL, "a")))))
                .isZero();
        assertThat(read((StoreTransaction tx) -> tx.findColumnStatistics(table.id(), "ds=c/hr=3", "hive", List.of())))
                .isEqualTo(statisticsOfEveryKind());
        assertThat(read((StoreTransaction tx) -> tx.findColumnStatistics(table.id(), "ds=a/hr=1", "hive", List.of())))
                .isEmpty();

        Partition relocated = moved.withLocation("s3://again");
        apply(tx -> tx.updatePartition(table.id(), KEYS, List.of("c", "3"), relocated));
        assertThat(read((StoreTransaction tx) -> tx.findPartition(table.id(), KEYS, List.of("c", "3"))))
                .contains(relocated);

        assertCatalogError(
                () -> apply(tx -> tx.updatePartition(table.id(), KEYS, List.of("c", "3"), partition("b", "2"))),
                ErrorCode.PARTITION_ALREADY_EXISTS,
                "partition ds=b/hr=2 already exists");
        assertCatalogError(
                () -> apply(tx -> tx.updatePartition(table.id(), KEYS, List.of("z", "9"), partition("y", "9"))),
                ErrorCode.PARTITION_NOT_FOUND,
                "ds=z/hr=9");
    }

    @Test
    void deletePartitionsTakesTheirStatisticsAndKeyValues() {
        Table table = newHiveTable();
        apply(tx -> {
            tx.insertPartitions(table.id(), KEYS, List.of(partition("a", "1"), partition("b", "2")));
            tx.upsertColumnStatistics(table.id(), "ds=a/hr=1", "hive", statisticsOfEveryKind());
            tx.upsertColumnStatistics(table.id(), "ds=b/hr=2", "hive", statisticsOfEveryKind());
        });

        apply(tx -> tx.deletePartitions(table.id(), KEYS, List.of(List.of("a", "1"), List.of("q", "0"))));

        assertThat(read((StoreTransaction tx) -> tx.listPartitions(table.id(), KEYS, PartitionQuery.all(10))
                        .rows()))
                .containsExactly(partition("b", "2"));
        assertThat(read((StoreTransaction tx) -> tx.findColumnStatistics(table.id(), "ds=a/hr=1", "hive", List.of())))
                .isEmpty();
        assertThat(read((StoreTransaction tx) -> tx.findColumnStatistics(table.id(), "ds=b/hr=2", "hive", List.of())))
                .hasSize(9);
        assertThat(countRows("partition_key_values", table.id())).isEqualTo(KEYS.size());
    }

    /**
     * Hours per day of {@link #aHundredDaysOfPartitionsAndNarrowFilters}: 1,000 (100,000 partitions) where the
     * store's adds take seconds; a store may take fewer where they take minutes of a 2-core CI.
     */
    int hoursPerDayAtScale() {
        return 1000;
    }

    @Test
    void aHundredDaysOfPartitionsAndNarrowFilters() {
        Table table = newHiveTable();
        Partition template = partition("x", "0");
        int hoursPerDay = hoursPerDayAtScale();
        int total = 100 * hoursPerDay;
        long start = System.nanoTime();
        for (int batch = 0; batch < 10; batch++) {
            List<Partition> partitions = new ArrayList<>(total / 10);
            for (int day = batch * 10; day < batch * 10 + 10; day++) {
                for (int hour = 0; hour < hoursPerDay; hour++) {
                    partitions.add(template.withValues(List.of(String.format("d%03d", day), Integer.toString(hour))));
                }
            }
            long batchStart = System.nanoTime();
            apply(tx -> tx.insertPartitions(table.id(), KEYS, partitions));
            System.out.printf(
                    "[%s] batch %d of %,d partitions: %d ms%n",
                    store.dialect(),
                    batch,
                    partitions.size(),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - batchStart));
        }
        long addMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        // one day in a hundred on the string key; ten hours of each day on the integral one
        int firstHour = hoursPerDay / 2;
        PartitionFilter byDay = cmp("ds", Operator.EQUAL, "d042");
        PartitionFilter byHours =
                new Between("hr", Integer.toString(firstHour), Integer.toString(firstHour + 9), false);
        List<Partition> day = List.of();
        List<Partition> hours = List.of();
        long dayMicros = Long.MAX_VALUE;
        long hoursMicros = Long.MAX_VALUE;
        // The best of a few runs: the first pays for plan caches and cold pages.
        for (int run = 0; run < 3; run++) {
            long t0 = System.nanoTime();
            day = read((StoreTransaction tx) ->
                    tx.listPartitions(table.id(), KEYS, query(byDay, 2000)).rows());
            long t1 = System.nanoTime();
            hours = read((StoreTransaction tx) ->
                    tx.listPartitions(table.id(), KEYS, query(byHours, 2000)).rows());
            long t2 = System.nanoTime();
            dayMicros = Math.min(dayMicros, (t1 - t0) / 1000);
            hoursMicros = Math.min(hoursMicros, (t2 - t1) / 1000);
        }
        long countStart = System.nanoTime();
        long count = read((StoreTransaction tx) -> tx.countPartitions(table.id(), KEYS, Optional.of(byHours)));
        long countMicros = (System.nanoTime() - countStart) / 1000;

        System.out.printf(
                "[%s] %,d partitions added in %d ms; a day's filter on a string key %.1f ms, "
                        + "ten hours' on an integral key %.1f ms; count %.1f ms%n",
                store.dialect(), total, addMillis, dayMicros / 1000.0, hoursMicros / 1000.0, countMicros / 1000.0);
        assertThat(day).hasSize(hoursPerDay).allMatch(p -> p.values().get(0).equals("d042"));
        assertThat(hours).hasSize(1000).allMatch(p -> {
            int hour = Integer.parseInt(p.values().get(1));
            return hour >= firstHour && hour <= firstHour + 9;
        });
        assertThat(count).isEqualTo(1000);
        assertThat(countRows("partition_storage", table.id())).isEqualTo(1);
    }

    // Column statistics

    @Test
    void statisticsOfEveryKindRoundTripPerTargetAndEngine() {
        Table table = newHiveTable();
        List<ColumnStatistics> all = statisticsOfEveryKind();
        apply(tx -> {
            tx.upsertColumnStatistics(table.id(), "", "hive", reversed(all));
            tx.upsertColumnStatistics(table.id(), "", "spark", all.subList(0, 1));
            tx.upsertColumnStatistics(table.id(), "ds=a/hr=1", "hive", all.subList(1, 2));
        });

        assertThat(read((StoreTransaction tx) -> tx.findColumnStatistics(table.id(), "", "hive", List.of())))
                .isEqualTo(all);
        assertThat(read((StoreTransaction tx) ->
                        tx.findColumnStatistics(table.id(), "", "hive", List.of("e_string", "b_long", "zz"))))
                .containsExactly(all.get(1), all.get(4));
        assertThat(read((StoreTransaction tx) -> tx.findColumnStatistics(table.id(), "", "spark", List.of())))
                .containsExactly(all.get(0));
        assertThat(read((StoreTransaction tx) -> tx.findColumnStatistics(table.id(), "ds=a/hr=1", "hive", List.of())))
                .containsExactly(all.get(1));

        ColumnStatistics replaced = new ColumnStatistics(
                "b_long",
                "bigint",
                Optional.of(9L),
                Optional.empty(),
                new byte[] {7},
                new byte[0],
                new ColumnStatistics.LongData(Optional.empty(), Optional.of(1L)));
        apply(tx -> tx.upsertColumnStatistics(table.id(), "", "hive", List.of(replaced)));
        assertThat(read((StoreTransaction tx) -> tx.findColumnStatistics(table.id(), "", "hive", List.of("b_long"))))
                .containsExactly(replaced);

        assertThat(write((StoreTransaction tx) ->
                        tx.deleteColumnStatistics(table.id(), "", "hive", List.of("b_long", "missing"))))
                .isEqualTo(1);
        assertThat(write((StoreTransaction tx) -> tx.deleteColumnStatistics(table.id(), "", "hive", List.of())))
                .isEqualTo(all.size() - 1);
        assertThat(read((StoreTransaction tx) -> tx.findColumnStatistics(table.id(), "", "spark", List.of())))
                .hasSize(1);
    }

    // Functions

    @Test
    void functionsRoundTripPageRenameAndRefuseDuplicates() {
        String ns = uniqueName("fn");
        String other = ns + "_z";
        apply(tx -> {
            tx.insertFunction(function(ns, "b"));
            tx.insertFunction(function(ns, "a"));
            tx.insertFunction(function(other, "a"));
        });

        assertThat(read((StoreTransaction tx) -> tx.findFunction("hive", ns, "a")))
                .contains(function(ns, "a"));
        assertThat(read((StoreTransaction tx) -> tx.listFunctions("hive", ns, Optional.empty(), 10)))
                .containsExactly(function(ns, "a"), function(ns, "b"));
        assertThat(read((StoreTransaction tx) ->
                        tx.listFunctions("hive", "", Optional.of(new FunctionKey(ns, "a")), 1000)))
                .contains(function(ns, "b"), function(other, "a"))
                .doesNotContain(function(ns, "a"));
        assertThat(read((StoreTransaction tx) -> tx.countFunctions("hive", ns))).isEqualTo(2);
        assertCatalogError(
                () -> apply(tx -> tx.insertFunction(function(ns, "a"))),
                ErrorCode.FUNCTION_ALREADY_EXISTS,
                "function " + ns + ".a already exists");

        Function renamed = function(ns, "c").withCreateTime(T1);
        apply(tx -> tx.updateFunction(ns, "a", renamed));
        assertThat(read((StoreTransaction tx) -> tx.findFunction("hive", ns, "a")))
                .isEmpty();
        assertThat(read((StoreTransaction tx) -> tx.findFunction("hive", ns, "c")))
                .contains(renamed);
        assertCatalogError(
                () -> apply(tx -> tx.updateFunction(ns, "c", function(ns, "b"))),
                ErrorCode.FUNCTION_ALREADY_EXISTS,
                "already exists");

        apply(tx -> tx.deleteFunction("hive", ns, "c"));
        assertThat(read((StoreTransaction tx) -> tx.findFunction("hive", ns, "c")))
                .isEmpty();
    }

    // Leases

    @Test
    void leasesRoundTripUpdateAndExpire() {
        String ns = uniqueName("lease");
        long first = write(StoreTransaction::nextLeaseId);
        long second = write(StoreTransaction::nextLeaseId);
        assertThat(second).isGreaterThan(first);
        Lease a = lease(first, ns, "t");
        Lease b = new Lease(
                second,
                List.of(new Lease.Resource(ns, "u", Lease.Mode.SHARED)),
                "other",
                Lease.State.ACQUIRED,
                T0,
                Optional.of(T0),
                T0.plusSeconds(1),
                java.time.Duration.ofSeconds(1),
                0L);
        apply(tx -> {
            tx.lockLeases();
            tx.insertLease(a);
            tx.insertLease(b);
        });

        assertThat(read((StoreTransaction tx) -> tx.findLease(first))).contains(a);
        assertThat(read(StoreTransaction::listLeases)).contains(a, b);

        Lease acquired = new Lease(
                first,
                a.resources().subList(0, 1),
                a.holder(),
                Lease.State.ACQUIRED,
                a.createTime(),
                Optional.of(T1),
                T1.plusSeconds(300),
                a.ttl(),
                0L);
        apply(tx -> tx.updateLease(acquired));
        assertThat(read((StoreTransaction tx) -> tx.findLease(first))).contains(acquired);

        // an extension moves the expiry of a live lease only; one past its expiry is not extended
        Instant extendedTo = T1.plusSeconds(600);
        assertThat(write((StoreTransaction tx) -> tx.extendLease(first, T1, extendedTo)))
                .isTrue();
        assertThat(read((StoreTransaction tx) -> tx.findLease(first)).orElseThrow())
                .isEqualTo(new Lease(
                        first,
                        acquired.resources(),
                        acquired.holder(),
                        acquired.state(),
                        acquired.createTime(),
                        acquired.acquireTime(),
                        extendedTo,
                        acquired.ttl(),
                        0L));
        assertThat(write((StoreTransaction tx) -> tx.extendLease(first, extendedTo, extendedTo.plusSeconds(1))))
                .isFalse();
        apply(tx -> tx.updateLease(acquired));

        apply(tx -> tx.deleteLeasesExpiredBefore(T0.plusSeconds(2)));
        assertThat(read((StoreTransaction tx) -> tx.findLease(second))).isEmpty();
        assertThat(read((StoreTransaction tx) -> tx.findLease(first))).contains(acquired);
        apply(tx -> tx.deleteLease(first));
        assertThat(read((StoreTransaction tx) -> tx.findLease(first))).isEmpty();
        assertCatalogError(() -> apply(tx -> tx.updateLease(acquired)), ErrorCode.LEASE_NOT_FOUND, "lease " + first);
    }

    @Test
    void leaseLockSerializesTransactions() throws Exception {
        CountDownLatch firstHoldsLock = new CountDownLatch(1);
        AtomicLong firstReleasedAt = new AtomicLong();
        AtomicLong secondAcquiredAt = new AtomicLong();
        ExecutorService executor = Executors.newFixedThreadPool(2);
        try {
            // The lock is taken at the transaction's next statement at the latest (on PostgreSQL it travels
            // with it): each reads under it before it counts as held.
            Future<?> first = executor.submit(() -> write((StoreTransaction tx) -> {
                tx.lockLeases();
                tx.listLeases();
                firstHoldsLock.countDown();
                sleep(300);
                firstReleasedAt.set(System.nanoTime());
                return null;
            }));
            Future<?> second = executor.submit(() -> {
                await(firstHoldsLock);
                return write((StoreTransaction tx) -> {
                    tx.lockLeases();
                    tx.listLeases();
                    secondAcquiredAt.set(System.nanoTime());
                    return null;
                });
            });
            first.get(30, TimeUnit.SECONDS);
            second.get(30, TimeUnit.SECONDS);
        } finally {
            executor.shutdownNow();
        }
        assertThat(secondAcquiredAt.get()).isGreaterThan(firstReleasedAt.get());
    }

    // Events

    @Test
    void eventsOfEveryKindRoundTripAndFilter() {
        String ns = uniqueName("ev");
        Table table = hiveTable(ns, "t").withoutSnapshots();
        List<EventChange> changes = List.of(
                new EventChange.NamespaceChange(Optional.empty(), Optional.of(namespace(ns))),
                new EventChange.TableChange(
                        Optional.of(table),
                        Optional.of(table.toBuilder().version(2).build()),
                        List.of(
                                new TableUpdate.SetProperties(Map.of("a", "b")),
                                new TableUpdate.RemoveProperties(List.of("c")),
                                new TableUpdate.AddSnapshot(snapshot(5, Optional.empty())),
                                new TableUpdate.Rename(TableIdentifier.inDefaultCatalog(ns, "u")),
                                new TableUpdate.SetHiveStorage(table.hive().orElseThrow()))),
                new EventChange.PartitionsChange(
                        table,
                        List.of(partition("a", "1")),
                        List.of(partition("a", "1").withLocation("s3://new"), partition("b", "2"))),
                new EventChange.StatisticsChange(
                        new StatisticsTarget(table.identifier(), List.of("a", "1"), "spark"),
                        statisticsOfEveryKind(),
                        List.of("gone")),
                new EventChange.FunctionChange(Optional.of(function(ns, "f")), Optional.empty()));
        List<EventType> types = List.of(
                EventType.NAMESPACE_CREATED,
                EventType.TABLE_COMMITTED,
                EventType.PARTITIONS_UPDATED,
                EventType.STATISTICS_UPDATED,
                EventType.FUNCTION_DELETED);
        long before = read(StoreTransaction::lastEventId);
        apply(tx -> {
            for (int i = 0; i < changes.size(); i++) {
                tx.recordEvent(
                        T0.plusSeconds(i), "alice", types.get(i), "hive", ns, i == 0 ? "" : "t", "", changes.get(i));
            }
        });

        List<Event> events = read((StoreTransaction tx) -> tx.listEvents(EventQuery.after(before, 100)));
        assertThat(events).hasSize(changes.size());
        for (int i = 0; i < changes.size(); i++) {
            assertThat(events.get(i))
                    .isEqualTo(new Event(
                            before + 1 + i,
                            T0.plusSeconds(i),
                            "alice",
                            types.get(i),
                            ns,
                            i == 0 ? "" : "t",
                            "",
                            changes.get(i),
                            "hive"));
        }
        assertThat(read(StoreTransaction::lastEventId)).isEqualTo(before + changes.size());
        assertThat(read((StoreTransaction tx) -> tx.listEvents(new EventQuery(
                        before, 100, Set.of(EventType.PARTITIONS_UPDATED, EventType.FUNCTION_DELETED), ns, "t"))))
                .extracting(Event::id)
                .containsExactly(before + 3, before + 5);
        assertThat(read((StoreTransaction tx) -> tx.listEvents(new EventQuery(before, 100, Set.of(), ns, ""))))
                .hasSize(5);
        assertThat(read((StoreTransaction tx) -> tx.listEvents(EventQuery.after(before, 2))))
                .hasSize(2);
    }

    @Test
    void partitionEventsWriteEachStorageOnce() throws SQLException {
        Table table = hiveTable(uniqueName("evp"), "t").withoutSnapshots();
        Partition template = partition("x", "0");
        List<Partition> partitions = IntStream.range(0, 10_000)
                .mapToObj(i -> template.withValues(List.of("d", Integer.toString(i))))
                .toList();
        EventChange change = new EventChange.PartitionsChange(table, List.of(), partitions);
        long before = read(StoreTransaction::lastEventId);
        apply(tx -> tx.recordEvent(
                T0, "", EventType.PARTITIONS_ADDED, "hive", table.namespace(), table.name(), "", change));

        assertThat(read((StoreTransaction tx) -> tx.listEvents(EventQuery.after(before, 1)))
                        .get(0)
                        .change())
                .isEqualTo(change);
        String doc = queryString("SELECT doc FROM events WHERE id = ?", before + 1);
        assertThat(occurrences(doc, "org.apache.hadoop.hive.ql.io.orc.OrcSerde"))
                .isEqualTo(2);
        // Each storage alone is kilobytes: written per partition, the event would be tens of megabytes.
        assertThat(doc.length()).isLessThan(10_000 * 300);
    }

    @Test
    void rollbackLeavesNoRowsNoEventsAndRethrowsTheSameException() {
        String ns = uniqueName("rb");
        long before = read(StoreTransaction::lastEventId);
        IllegalStateException failure = new IllegalStateException("work failed");

        assertThatThrownBy(() -> write((StoreTransaction tx) -> {
                    tx.insertNamespace(namespace(ns));
                    tx.recordEvent(
                            T0,
                            "",
                            EventType.NAMESPACE_CREATED,
                            "hive",
                            ns,
                            "",
                            "",
                            new EventChange.NamespaceChange(Optional.empty(), Optional.of(namespace(ns))));
                    throw failure;
                }))
                .isSameAs(failure);
        CatalogException refused = new CatalogException(ErrorCode.REQUIREMENT_FAILED, "no");
        assertThatThrownBy(() -> write((StoreTransaction tx) -> {
                    tx.insertNamespace(namespace(ns));
                    throw refused;
                }))
                .isSameAs(refused);

        assertThat(read((StoreTransaction tx) -> tx.findNamespace("hive", ns))).isEmpty();
        assertThat(read(StoreTransaction::lastEventId)).isEqualTo(before);
        assertThat(read((StoreTransaction tx) -> tx.listEvents(EventQuery.after(before, 10))))
                .isEmpty();
    }

    @Test
    void eventIdsAreGapFreeAndVisibleInOrderUnderConcurrentWriters() throws Exception {
        long before = read(StoreTransaction::lastEventId);
        int writers = 16;
        int transactionsPerWriter = 20;
        AtomicBoolean writing = new AtomicBoolean(true);
        List<Long> seen = Collections.synchronizedList(new ArrayList<>());
        ExecutorService reader = Executors.newSingleThreadExecutor();
        Future<?> reading = reader.submit(() -> {
            long last = before;
            while (writing.get() || last < before + writers * transactionsPerWriter * 2L) {
                for (Event event : read((StoreTransaction tx) -> tx.listEvents(EventQuery.after(before, 100_000)))) {
                    if (event.id() > last) {
                        // Everything before a visible event must be visible already.
                        assertThat(event.id()).isEqualTo(last + 1);
                        last = event.id();
                        seen.add(event.id());
                    }
                }
            }
            return null;
        });
        try {
            runConcurrently(writers, writer -> {
                for (int i = 0; i < transactionsPerWriter; i++) {
                    String name = "w" + writer + "_" + i;
                    write((StoreTransaction tx) -> {
                        for (int e = 0; e < 2; e++) {
                            tx.recordEvent(
                                    T0,
                                    "w" + writer,
                                    EventType.NAMESPACE_UPDATED,
                                    "hive",
                                    name,
                                    "",
                                    "",
                                    new EventChange.NamespaceChange(Optional.empty(), Optional.of(Namespace.of(name))));
                        }
                        return null;
                    });
                }
            });
        } finally {
            writing.set(false);
        }
        reading.get(60, TimeUnit.SECONDS);
        reader.shutdownNow();

        long expected = writers * transactionsPerWriter * 2L;
        List<Event> events = read((StoreTransaction tx) -> tx.listEvents(EventQuery.after(before, 100_000)));
        assertThat(events)
                .extracting(Event::id)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, (int) expected)
                        .mapToObj(i -> before + i)
                        .toList());
        assertThat(seen).hasSize((int) expected);
        // A transaction's events are adjacent: they took their ids together.
        for (int i = 0; i < events.size(); i += 2) {
            assertThat(events.get(i + 1).namespace()).isEqualTo(events.get(i).namespace());
        }
    }

    @Test
    void requestIdsAreAppliedOnce() {
        String ns = uniqueName("req");
        String requestId = UUID.randomUUID().toString();
        EventChange change = new EventChange.NamespaceChange(Optional.empty(), Optional.of(namespace(ns)));
        assertThat(read((StoreTransaction tx) -> tx.requestApplied(requestId))).isFalse();
        apply(tx -> {
            tx.insertNamespace(namespace(ns));
            tx.recordEvent(T0, "", EventType.NAMESPACE_CREATED, "hive", ns, "", requestId, change);
            tx.recordEvent(T0, "", EventType.NAMESPACE_UPDATED, "hive", ns, "", requestId, change);
        });
        assertThat(read((StoreTransaction tx) -> tx.requestApplied(requestId))).isTrue();
        assertThat(read((StoreTransaction tx) -> tx.requestApplied(""))).isFalse();
        long before = read(StoreTransaction::lastEventId);

        assertThatThrownBy(() -> apply(tx -> {
                    tx.insertNamespace(namespace(ns + "_again"));
                    tx.recordEvent(T0, "", EventType.NAMESPACE_CREATED, "hive", ns, "", requestId, change);
                }))
                .isInstanceOf(DuplicateRequestException.class)
                .hasMessageContaining(requestId);

        assertThat(read((StoreTransaction tx) -> tx.findNamespace("hive", ns + "_again")))
                .isEmpty();
        assertThat(read(StoreTransaction::lastEventId)).isEqualTo(before);
    }

    @Test
    void concurrentRequestsWithOneIdApplyOnce() throws Exception {
        String requestId = UUID.randomUUID().toString();
        String ns = uniqueName("reqc");
        AtomicInteger applied = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        runConcurrently(8, thread -> {
            try {
                write((StoreTransaction tx) -> {
                    tx.insertNamespace(namespace(ns + "_" + thread));
                    tx.recordEvent(
                            T0,
                            "",
                            EventType.NAMESPACE_CREATED,
                            "hive",
                            ns,
                            "",
                            requestId,
                            new EventChange.NamespaceChange(Optional.empty(), Optional.empty()));
                    return null;
                });
                applied.incrementAndGet();
            } catch (DuplicateRequestException e) {
                refused.incrementAndGet();
            }
        });
        assertThat(applied.get()).isEqualTo(1);
        assertThat(refused.get()).isEqualTo(7);
        assertThat(read((StoreTransaction tx) ->
                        tx.listNamespaces("hive", Optional.of(ns), 100).rows()))
                .hasSize(1);
    }

    @Test
    void readsCannotRecordEvents() {
        assertThatThrownBy(() -> read((StoreTransaction tx) -> {
                    tx.recordEvent(
                            T0,
                            "",
                            EventType.NAMESPACE_CREATED,
                            "hive",
                            "x",
                            "",
                            "",
                            new EventChange.NamespaceChange(Optional.empty(), Optional.empty()));
                    return null;
                }))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void reopeningAppliesNoMigrationTwice() throws SQLException {
        try (JdbcCatalogStore another = scratch.openAnother()) {
            assertThat(another.read(StoreTransaction::lastEventId)).isEqualTo(read(StoreTransaction::lastEventId));
        }
        assertThat(queryLong("SELECT COUNT(*) FROM schema_version")).isEqualTo(SchemaMigrator.MIGRATIONS.size());
    }

    @Test
    void theStoreIdIsMadeOnceAndKeptByEveryProcessOnTheStore() {
        String id = read(StoreTransaction::storeId);
        assertThat(java.util.UUID.fromString(id).toString()).isEqualTo(id);
        try (JdbcCatalogStore another = scratch.openAnother()) {
            assertThat(another.read(StoreTransaction::storeId)).isEqualTo(id);
        }
        try (ScratchStore other = openScratchStore()) {
            assertThat(other.store().read(StoreTransaction::storeId)).isNotEqualTo(id);
        }
    }

    @Test
    void runtimeStatisticsAreListedNewestFirstAndDeletedByAge() {
        Instant base = Instant.parse("2031-05-01T00:00:00Z");
        write(tx -> {
            tx.addRuntimeStatistics(new RuntimeStatistics(base, 1, new byte[] {1}));
            tx.addRuntimeStatistics(new RuntimeStatistics(base.plusSeconds(1), 2, new byte[] {2, 2}));
            tx.addRuntimeStatistics(new RuntimeStatistics(base.plusSeconds(1), 3, new byte[] {3, 3, 3}));
            return null;
        });
        List<RuntimeStatistics> listed =
                read((StoreTransaction tx) -> tx.listRuntimeStatistics(base.plusSeconds(2), 10));
        assertThat(listed).extracting(RuntimeStatistics::weight).startsWith(3, 2, 1);
        assertThat(listed.get(0).payload()).containsExactly(3, 3, 3);
        assertThat(listed.get(0).createTime()).isEqualTo(base.plusSeconds(1));
        assertThat(read((StoreTransaction tx) -> tx.listRuntimeStatistics(base.plusSeconds(2), 2)))
                .extracting(RuntimeStatistics::weight)
                .containsExactly(3, 2);
        assertThat(read((StoreTransaction tx) -> tx.listRuntimeStatistics(base.plusSeconds(1), 10)))
                .extracting(RuntimeStatistics::weight)
                .startsWith(1);
        assertThat(write((StoreTransaction tx) -> tx.deleteRuntimeStatistics(base.plusSeconds(1))))
                .isGreaterThanOrEqualTo(1);
        assertThat(read((StoreTransaction tx) -> tx.listRuntimeStatistics(base.plusSeconds(2), 10)))
                .extracting(RuntimeStatistics::weight)
                .containsExactly(3, 2);
    }

    // Helpers

    private final class FilterCheck {
        private final Table table;
        private final List<Partition> partitions;

        FilterCheck(Table table, List<Partition> partitions) {
            this.table = table;
            this.partitions = partitions;
        }

        /** {@code expected} gets the string key and the integral key as a number, null when it is none. */
        void matches(PartitionFilter filter, BiPredicate<String, Long> expected) {
            List<List<String>> want = partitions.stream()
                    .filter(p -> expected.test(
                            p.values().get(0),
                            PartitionKeyValues.parseLong(p.values().get(1))))
                    .sorted(Comparator.comparing(p -> PartitionNames.name(KEYS, p.values())))
                    .map(Partition::values)
                    .toList();
            assertThat(read((StoreTransaction tx) -> tx.listPartitions(table.id(), KEYS, query(filter, 1000))
                            .rows()))
                    .as("%s", filter)
                    .extracting(Partition::values)
                    .containsExactlyElementsOf(want);
            assertThat(read((StoreTransaction tx) -> tx.countPartitions(table.id(), KEYS, Optional.of(filter))))
                    .as("count %s", filter)
                    .isEqualTo(want.size());
        }
    }

    private List<Partition> pageThrough(
            Table table, Optional<PartitionFilter> filter, List<String> prefix, int pageSize) {
        List<Partition> all = new ArrayList<>();
        Optional<String> after = Optional.empty();
        while (true) {
            PartitionQuery query = new PartitionQuery(filter, prefix, after, pageSize, false);
            List<Partition> page = read((StoreTransaction tx) ->
                    tx.listPartitions(table.id(), KEYS, query).rows());
            all.addAll(page);
            if (page.size() < pageSize) {
                return all;
            }
            after = Optional.of(
                    PartitionNames.name(KEYS, page.get(page.size() - 1).values()));
        }
    }

    private static PartitionQuery query(PartitionFilter filter, int limit) {
        return new PartitionQuery(Optional.of(filter), List.of(), Optional.empty(), limit, false);
    }

    /** {@code hr op v} for v = 1000, 1001, ...: hours no partition has. */
    private static List<PartitionFilter> hours(int count, Operator operator) {
        List<PartitionFilter> hours = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            hours.add(cmp("hr", operator, Integer.toString(1000 + i)));
        }
        return hours;
    }

    private static List<PartitionFilter> concat(List<PartitionFilter> filters, PartitionFilter last) {
        List<PartitionFilter> all = new ArrayList<>(filters);
        all.add(last);
        return all;
    }

    private static Compare cmp(String key, Operator operator, String value) {
        return new Compare(key, operator, value);
    }

    private Table newHiveTable() {
        Table table = hiveTable(uniqueName("part"), "t");
        apply(tx -> tx.insertTable(table));
        return table;
    }

    protected static String uniqueName(String prefix) {
        return prefix + "_" + NAMES.incrementAndGet() + "_" + Long.toString(System.nanoTime() % 1_000_000, 36);
    }

    protected <T> T write(CatalogStore.TransactionWork<T> work) {
        return store.inTransaction(work);
    }

    protected void apply(Consumer<StoreTransaction> work) {
        store.inTransaction(tx -> {
            work.accept(tx);
            return null;
        });
    }

    protected <T> T read(CatalogStore.TransactionWork<T> work) {
        return store.read(work);
    }

    private static void assertCatalogError(Runnable call, ErrorCode code, String messagePart) {
        CatalogException error = catchThrowableOfType(CatalogException.class, call::run);
        assertThat(error).as("expected %s", code).isNotNull();
        assertThat(error.code()).isEqualTo(code);
        assertThat(error.getMessage()).contains(messagePart);
    }

    @FunctionalInterface
    interface ThreadWork {
        void run(int thread) throws Exception;
    }

    static void runConcurrently(int threads, ThreadWork work) throws Exception {
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                int thread = i;
                futures.add(executor.submit(() -> {
                    start.await();
                    work.run(thread);
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get(120, TimeUnit.SECONDS);
            }
        } finally {
            executor.shutdownNow();
        }
    }

    private long countRows(String table, UUID tableId) {
        try {
            return queryLong("SELECT COUNT(*) FROM " + table + " WHERE table_id = ?", tableId);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The table of {@code table}'s name as a read finds it, without snapshots. */
    private Optional<Table> findWithoutSnapshots(Table table) {
        return read((StoreTransaction tx) -> tx.findTable(table.identifier(), false));
    }

    private long queryLong(String sql, Object... parameters) throws SQLException {
        return Long.parseLong(queryString(sql, parameters));
    }

    private String queryString(String sql, Object... parameters) throws SQLException {
        try (Connection connection = store.connection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                String value = row.getString(1);
                connection.rollback();
                return value;
            }
        }
    }

    private static <T> List<T> reversed(List<T> list) {
        List<T> copy = new ArrayList<>(list);
        Collections.reverse(copy);
        return copy;
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static void await(CyclicBarrier barrier) {
        try {
            barrier.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
