package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.commit.LakeStateReads;
import dev.lakegate.catalog.server.commit.NewTable;
import dev.lakegate.catalog.server.commit.SwapRetry;
import dev.lakegate.catalog.server.commit.TableCommitter;
import dev.lakegate.catalog.server.commit.TableValidator;
import dev.lakegate.catalog.server.commit.WrittenMetadata;
import dev.lakegate.catalog.server.metadata.IcebergMetadata;
import dev.lakegate.catalog.server.metadata.IcebergStatistics;
import dev.lakegate.catalog.server.metadata.MetadataFileReads;
import dev.lakegate.catalog.server.metadata.PaimonStatistics;
import dev.lakegate.catalog.server.metadata.PaimonTableFiles;
import dev.lakegate.catalog.server.metadata.TableFileIO;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.HiveStorage;
import dev.lakegate.catalog.server.model.LakeState;
import dev.lakegate.catalog.server.model.SerDe;
import dev.lakegate.catalog.server.model.StorageFormat;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableConstraint;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.store.PageRows;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

final class TableOperations {

    static final int MAX_BATCH_GET = 1000;
    static final int MAX_TRANSACTION_TABLES = 100;
    private static final StorageFormat NO_STORAGE = StorageFormat.of("", "", SerDe.of("", Map.of()));

    private final Writes writes;
    private final IcebergMetadata icebergMetadata;
    private final TableCommitter committer;
    private final LakeStatisticsCounts statisticsCounts;
    private final LakeStatisticsReads statistics;
    private final PaimonTableFiles paimonFiles;

    TableOperations(Writes writes, TableFileIO files) {
        this.writes = requireNonNull(writes, "writes is null");
        this.icebergMetadata = new IcebergMetadata(files);
        this.committer = new TableCommitter(Names::table, icebergMetadata);
        this.statisticsCounts = new LakeStatisticsCounts(writes, new IcebergStatistics(files));
        this.paimonFiles = new PaimonTableFiles(files);
        this.statistics = new LakeStatisticsReads(writes, new PaimonStatistics(paimonFiles));
    }

    LakeStatisticsReads statistics() {
        return statistics;
    }

    /** The lake state of a created table's metadata file; none where a copy keeps an unreadable file's pointer. */
    private static Optional<LakeState> readMetadata(MetadataFileReads files, String location, RequestContext context) {
        try {
            return files.state(location);
        } catch (CatalogException e) {
            if (context.keepsUnreadableMetadata() && e.code() == ErrorCode.INVALID_ARGUMENT) {
                return Optional.empty();
            }
            throw e;
        }
    }

    Table create(Table requested, List<TableConstraint> constraints, RequestContext context) {
        TableIdentifier identifier = Names.table(requested.identifier());
        List<TableConstraint> ownConstraints = ConstraintOperations.normalize(constraints);
        // An Iceberg table created with its metadata file (HiveCatalog's create and register) starts
        // with what that file says; one created through the catalog's API without a file gets its first
        // file from the catalog. Files are read and written before the transaction.
        boolean iceberg = requested.format() == TableFormat.ICEBERG;
        MetadataFileReads files = icebergMetadata.reads();
        Optional<LakeState> lakeState = iceberg && !requested.metadataLocation().isEmpty()
                ? readMetadata(files, requested.metadataLocation(), context)
                : Optional.empty();
        Optional<WrittenMetadata> firstFile = Optional.empty();
        if (iceberg && requested.metadataLocation().isEmpty() && !context.hiveSemantics()) {
            Table located = requested.toBuilder()
                    .location(icebergLocation(requested, identifier))
                    .build();
            if (icebergMetadata.canCreateAt(located.location())) {
                firstFile = Optional.of(
                        icebergMetadata.create(NewTable.of(located, UUID.randomUUID(), identifier, writes.now())));
                requested = located.toBuilder()
                        .metadataLocation(firstFile.get().location())
                        .build();
                lakeState = Optional.of(firstFile.get().state());
            }
        }
        Table toCreate = requested;
        Optional<LakeState> initialState = lakeState;
        LakeStatisticsCounts.Counted counted = lakeState.isPresent()
                ? statisticsCounts.atCreate(requested.metadataLocation(), lakeState.get(), files)
                : LakeStatisticsCounts.Counted.NONE;
        try {
            Table created = writes.apply(
                    context,
                    tx -> {
                        NamespaceOperations.find(tx, identifier.catalog(), identifier.namespace());
                        Instant now = writes.now();
                        Table table = NewTable.of(toCreate, UUID.randomUUID(), identifier, now);
                        if (initialState.isPresent()) {
                            table = initialState
                                    .get()
                                    .applyTo(table.toBuilder())
                                    .build();
                            TableValidator.validate(table, true);
                        }
                        tx.insertTable(table);
                        counted.record(tx, List.of(table));
                        if (!ownConstraints.isEmpty()) {
                            ConstraintOperations.addWithin(tx, table, ownConstraints);
                        }
                        Table basic = table.withoutSnapshots();
                        tx.recordEvent(
                                now,
                                context.principal(),
                                EventType.TABLE_CREATED,
                                identifier.catalog(),
                                identifier.namespace(),
                                identifier.name(),
                                context.requestId(),
                                new EventChange.TableChange(Optional.empty(), Optional.of(basic), List.of()));
                        return basic;
                    },
                    () -> get(identifier, TableView.BASIC));
            // A retried request answers with the table its first attempt made, not with this file.
            firstFile
                    .filter(file -> !file.location().equals(created.metadataLocation()))
                    .ifPresent(file -> icebergMetadata.discard(file.location()));
            return created;
        } catch (RuntimeException e) {
            firstFile.ifPresent(file -> icebergMetadata.discard(file.location()));
            throw e;
        }
    }

    /** The location given, else HMS's default: the namespace's location and the table's name. */
    private String icebergLocation(Table requested, TableIdentifier identifier) {
        if (!requested.location().isEmpty()) {
            return requested.location();
        }
        String namespaceLocation = writes.read(
                        tx -> NamespaceOperations.find(tx, identifier.catalog(), identifier.namespace()))
                .location();
        if (namespaceLocation.isEmpty()) {
            throw CatalogException.invalidArgument(
                    "table.location",
                    "Iceberg table " + identifier + " needs a location: namespace " + identifier.namespace()
                            + " has none to put it under");
        }
        return (namespaceLocation.endsWith("/") ? namespaceLocation : namespaceLocation + "/") + identifier.name();
    }

    Table get(TableIdentifier table, TableView view) {
        TableIdentifier identifier = Names.table(table);
        return shape(writes.read(tx -> find(tx, identifier, view == TableView.FULL)), view);
    }

    List<Table> batchGet(String catalog, String namespace, List<String> names, TableView view) {
        if (names.size() > MAX_BATCH_GET) {
            throw CatalogException.invalidArgument(
                    "names",
                    "asked for " + names.size() + " tables at once, more than the " + MAX_BATCH_GET + " allowed");
        }
        String normalizedCatalog = Names.catalogOrDefault(catalog);
        String normalizedNamespace = Names.namespace(namespace);
        List<String> normalized = names.stream().map(Names::table).distinct().toList();
        return writes
                .read(tx -> tx.findTables(normalizedCatalog, normalizedNamespace, normalized, view == TableView.FULL))
                .stream()
                .map(table -> shape(table, view))
                .toList();
    }

    Page<Table> list(String catalog, String namespace, String namePrefix, PageRequest page, TableView view) {
        String normalizedCatalog = Names.catalogOrDefault(catalog);
        String normalized = Names.namespace(namespace);
        // A prefix no valid name starts with matches nothing. Names are kept in lower case (Names), so a
        // prefix in any case is one in lower case.
        boolean canMatch = namePrefix.isEmpty() || Names.isNameStart(namePrefix);
        String prefix = namePrefix.toLowerCase(Locale.ROOT);
        int size = Paging.TABLES.size(page.pageSize());
        Optional<String> after = Paging.after(page.pageToken());
        PageRows<Table> found = writes.read(tx -> {
            NamespaceOperations.find(tx, normalizedCatalog, normalized);
            if (!canMatch) {
                return PageRows.<Table>whole(List.of());
            }
            PageRows<Table> tables =
                    tx.listTables(normalizedCatalog, normalized, prefix, after, Paging.probeSize(size));
            if (view != TableView.FULL) {
                return tables;
            }
            // Snapshots are not in the page's byte budget: the table's own limits bound them.
            return new PageRows<>(
                    tx.findTables(
                            normalizedCatalog,
                            normalized,
                            tables.rows().stream().map(Table::name).toList(),
                            true),
                    tables.cutBySize());
        });
        Page<Table> result = PageOf.keyed(found, size, Table::name);
        return new Page<>(
                result.items().stream().map(table -> shape(table, view)).toList(), result.nextPageToken());
    }

    void delete(TableIdentifier table, Optional<Long> expectedVersion, RequestContext context) {
        TableIdentifier identifier = Names.table(table);
        writes.apply(
                context,
                tx -> {
                    Table current = find(tx, identifier, false);
                    if (expectedVersion.isPresent() && expectedVersion.get() != current.version()) {
                        throw new CatalogException(
                                ErrorCode.ETAG_MISMATCH,
                                "table " + identifier + " is at version " + current.version() + ", not "
                                        + expectedVersion.get(),
                                Map.of("actual", Long.toString(current.version())));
                    }
                    tx.deleteTable(current);
                    tx.recordEvent(
                            writes.now(),
                            context.principal(),
                            EventType.TABLE_DELETED,
                            identifier.catalog(),
                            identifier.namespace(),
                            identifier.name(),
                            context.requestId(),
                            new EventChange.TableChange(Optional.of(current), Optional.empty(), List.of()));
                    return null;
                },
                () -> null);
    }

    List<Table> commit(List<TableCommit> requested, RequestContext context) {
        if (requested.isEmpty() || requested.size() > MAX_TRANSACTION_TABLES) {
            throw CatalogException.invalidArgument(
                    "commits",
                    "a transaction commits to between 1 and " + MAX_TRANSACTION_TABLES + " tables, not "
                            + requested.size());
        }
        Set<TableIdentifier> seen = new HashSet<>();
        List<TableCommit> commits = requested.stream()
                .map(commit -> commit.on(Names.table(commit.table())))
                .peek(commit -> {
                    if (!seen.add(commit.table())) {
                        throw CatalogException.invalidArgument(
                                "commits", "table " + commit.table() + " appears twice in one transaction");
                    }
                })
                .toList();
        String what = commits.size() == 1 ? "table " + commits.get(0).table() : commits.size() + " tables";
        MetadataFileReads files = icebergMetadata.reads();
        LakeStateReads lakeStates = LakeStateReads.before(commits, files::state);
        LakeStatisticsCounts.Counted counted = statisticsCounts.beforeCommit(commits, files);
        TableCommitter.Origin origin =
                new TableCommitter.Origin(context.principal(), context.requestId(), context.hiveSemantics());
        return SwapRetry.untilSwapped(
                what,
                () -> writes.apply(
                        context,
                        tx -> {
                            List<Table> committed = committer.attempt(tx, commits, writes.now(), origin, lakeStates);
                            counted.record(tx, committed);
                            return committed;
                        },
                        () -> commits.stream()
                                .map(commit -> currentAfterRetriedCommit(commit, context))
                                .toList()));
    }

    /** A retried commit answers with the table as it is now; it may have been renamed by that commit. */
    private Table currentAfterRetriedCommit(TableCommit commit, RequestContext context) {
        TableIdentifier target = commit.updates().stream()
                .filter(update -> update instanceof dev.lakegate.catalog.server.model.TableUpdate.Rename)
                .map(update -> ((dev.lakegate.catalog.server.model.TableUpdate.Rename) update).to())
                .reduce((first, second) -> second)
                .orElse(commit.table());
        return get(target, TableView.BASIC);
    }

    static Table find(StoreTransaction tx, TableIdentifier identifier, boolean withSnapshots) {
        return tx.findTable(identifier, withSnapshots).orElseThrow(() -> CatalogException.tableNotFound(identifier));
    }

    private Table shape(Table table, TableView view) {
        switch (view) {
            case NAME_ONLY:
                // The contract's NAME_ONLY: of the Hive storage only the kind, which listings by type need.
                return Table.builder(table.id(), table.identifier(), table.format())
                        .hive(table.hive().map(hive -> HiveStorage.of(hive.kind(), NO_STORAGE)))
                        .version(table.version())
                        .createTime(table.createTime())
                        .updateTime(table.updateTime())
                        .build();
            case FULL:
                // a Paimon table's snapshots are in its files, read after the store's transaction
                return paimonFiles.withSnapshots(table);
            default:
                return table.withoutSnapshots();
        }
    }
}
