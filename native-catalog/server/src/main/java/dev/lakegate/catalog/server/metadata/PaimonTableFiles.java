package dev.lakegate.catalog.server.metadata;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.Snapshot;
import dev.lakegate.catalog.server.model.SnapshotRef;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.options.Options;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.FileStoreTableFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Paimon table's snapshots, tags and branches as its own files hold them ({@code snapshot/}, {@code tag/},
 * {@code branch/} under its location), read with Paimon's file store API. Paimon's writers commit to those files
 * without telling the metastore, so the catalog reads them when a caller asks for a table's snapshots rather
 * than recording them at commits it never sees.
 */
public final class PaimonTableFiles {

    /** Iceberg's summary keys, which readers of snapshots over the catalog's API know. */
    static final String TOTAL_RECORDS = "total-records";

    static final String ADDED_RECORDS = "added-records";

    private static final Logger log = LoggerFactory.getLogger(PaimonTableFiles.class);

    private final Configuration hadoopConf;

    /** Reading with the Hadoop settings of {@code files}, the catalog's other table files' (HDFS and the like). */
    public PaimonTableFiles(TableFileIO files) {
        this.hadoopConf = requireNonNull(files, "files is null").hadoopConf();
    }

    /**
     * {@code table} with the snapshots, current snapshot and refs its files hold now; a table of another format,
     * or one whose files cannot be read (not written yet, gone, on a file system the catalog does not reach), as
     * it is. The refs: the main branch, every tag, and each branch whose head is not a different snapshot of the
     * same id as one of main's (a branch numbers its snapshots on from where it started, so its later ids are
     * main's too: such a branch is left out rather than shown pointing at main's snapshot).
     */
    public Table withSnapshots(Table table) {
        if (table.format() != TableFormat.PAIMON || table.location().isEmpty()) {
            return table;
        }
        try {
            return read(table);
        } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
            // Paimon's API says "not there" in several ways, a missing schema among them (a table not written yet)
            log.debug(
                    "cannot read the Paimon files of {} at {}: {}", table.identifier(), table.location(), e.toString());
            return table;
        }
    }

    /** The Paimon table at {@code table}'s location; empty for another format or before it has a schema. */
    Optional<FileStoreTable> open(Table table) throws IOException {
        if (table.format() != TableFormat.PAIMON || table.location().isEmpty()) {
            return Optional.empty();
        }
        Path location = new Path(table.location());
        FileIO io = FileIO.get(location, CatalogContext.create(new Options(), hadoopConf));
        if (!io.exists(new Path(location, "schema"))) {
            return Optional.empty();
        }
        return Optional.of(FileStoreTableFactory.create(io, location));
    }

    private Table read(Table table) throws IOException {
        Optional<FileStoreTable> opened = open(table);
        if (opened.isEmpty()) {
            return table;
        }
        FileStoreTable paimon = opened.get();
        Map<Long, Snapshot> snapshots = new LinkedHashMap<>();
        Iterator<org.apache.paimon.Snapshot> written = paimon.snapshotManager().snapshots();
        while (written.hasNext()) {
            org.apache.paimon.Snapshot snapshot = written.next();
            snapshots.put(snapshot.id(), snapshot(snapshot));
        }
        List<SnapshotRef> refs = new ArrayList<>();
        Optional<Long> current = Optional.ofNullable(paimon.snapshotManager().latestSnapshotId());
        current.ifPresent(id -> refs.add(SnapshotRef.branch(SnapshotRef.MAIN, id)));
        paimon.tagManager().tags().forEach((tagged, names) -> {
            snapshots.putIfAbsent(tagged.id(), snapshot(tagged));
            names.forEach(name -> refs.add(SnapshotRef.tag(name, tagged.id())));
        });
        for (String branch : paimon.branchManager().branches()) {
            org.apache.paimon.Snapshot head =
                    paimon.switchToBranch(branch).snapshotManager().latestSnapshot();
            if (head == null) {
                continue;
            }
            Snapshot seen = snapshot(head);
            Snapshot known = snapshots.putIfAbsent(head.id(), seen);
            if (known == null || known.timestamp().equals(seen.timestamp())) {
                refs.add(SnapshotRef.branch(branch, head.id()));
            } else {
                log.debug(
                        "Paimon branch {} of {} left out: its head {} is not main's",
                        branch,
                        table.identifier(),
                        head.id());
            }
        }
        return table.toBuilder()
                .snapshots(List.copyOf(snapshots.values()))
                .currentSnapshotId(current)
                .refs(refs)
                .build();
    }

    private static Snapshot snapshot(org.apache.paimon.Snapshot written) {
        Map<String, String> summary = new LinkedHashMap<>();
        if (written.totalRecordCount() != null) {
            summary.put(TOTAL_RECORDS, Long.toString(written.totalRecordCount()));
        }
        if (written.deltaRecordCount() != null) {
            summary.put(ADDED_RECORDS, Long.toString(written.deltaRecordCount()));
        }
        summary.put("paimon.commit-user", written.commitUser());
        summary.put("paimon.commit-identifier", Long.toString(written.commitIdentifier()));
        return new Snapshot(
                written.id(),
                // Paimon numbers a branch's snapshots one after another from 1: the one before is the parent, as
                // an Iceberg snapshot names its parent after that one expired
                written.id() > 1 ? Optional.of(written.id() - 1) : Optional.empty(),
                written.id(),
                Instant.ofEpochMilli(written.timeMillis()),
                written.commitKind().name().toLowerCase(Locale.ROOT),
                summary,
                written.baseManifestList(),
                Optional.of((int) written.schemaId()));
    }
}
