package dev.lakegate.catalog.server.metadata;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.LakeFigures;
import dev.lakegate.catalog.server.model.PartitionFigures;
import dev.lakegate.catalog.server.model.SnapshotStatistics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.types.Types;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts the statistics of an Iceberg table's new snapshots from their manifests. A snapshot whose parent
 * has statistics is counted from what it added and removed alone (the manifests it wrote); one without (the
 * table's history predates the catalog's statistics, or its files could not be read then) is counted once
 * from all its live files, and its children from it. Only locations {@link TableFileIO} serves are read; a
 * snapshot whose manifests cannot be read gets none (its children are then counted from all their files).
 */
public final class IcebergStatistics {

    private static final Logger log = LoggerFactory.getLogger(IcebergStatistics.class);

    private final TableFileIO io;

    public IcebergStatistics(TableFileIO io) {
        this.io = requireNonNull(io, "io is null");
    }

    /**
     * The statistics of the snapshots of the metadata file at {@code location} that are not {@code known},
     * parents first; empty when the catalog cannot read that kind of location. The file is parsed through
     * {@code files}, so a commit that also reads its lake state parses it once.
     */
    public List<SnapshotStatistics> newSnapshots(
            MetadataFileReads files, String location, Set<Long> known, StatisticsHistory history) {
        if (!io.handles(location)) {
            return List.of();
        }
        TableMetadata table = files.parsed(location);
        List<Snapshot> fresh = table.snapshots().stream()
                .filter(snapshot -> !known.contains(snapshot.snapshotId()))
                .sorted(Comparator.comparingLong(Snapshot::sequenceNumber).thenComparingLong(Snapshot::timestampMillis))
                .toList();
        Counting counting = new Counting(table, history);
        for (Snapshot snapshot : fresh) {
            try {
                counting.count(snapshot);
            } catch (RuntimeException e) { // a manifest list or manifest missing or unreadable: this one has none
                log.warn("no statistics for snapshot {} of {}: {}", snapshot.snapshotId(), location, e.toString());
            }
        }
        return List.copyOf(counting.done.values());
    }

    /** One metadata file's new snapshots being counted; each may be the parent of the next. */
    private final class Counting {
        private final TableMetadata table;
        private final StatisticsHistory history;
        private final Map<Long, SnapshotStatistics> done = new LinkedHashMap<>();
        private final Map<Integer, Optional<Types.NestedField>> fields = new HashMap<>();

        Counting(TableMetadata table, StatisticsHistory history) {
            this.table = table;
            this.history = history;
        }

        void count(Snapshot snapshot) {
            Optional<LakeFigures> parent = snapshot.parentId() == null
                    ? Optional.of(LakeFigures.NONE)
                    : Optional.ofNullable(done.get(snapshot.parentId()))
                            .map(SnapshotStatistics::table)
                            .or(() -> history.table(snapshot.parentId()));
            SnapshotStatistics counted =
                    parent.flatMap(figures -> fromChanges(snapshot, figures)).orElseGet(() -> fromAllFiles(snapshot));
            done.put(snapshot.snapshotId(), counted);
        }

        /** Empty when a partition it changed has no figures to start from (its history was expired). */
        private Optional<SnapshotStatistics> fromChanges(Snapshot snapshot, LakeFigures parent) {
            FiguresTally whole = tally(parent);
            Map<PartitionKey, FiguresTally> partitions = new LinkedHashMap<>();
            List<DataFile> removed = withMetrics(snapshot, snapshot.removedDataFiles(io));
            List<ContentFile<?>> changed = new ArrayList<>();
            snapshot.addedDataFiles(io).forEach(changed::add);
            changed.addAll(removed);
            snapshot.addedDeleteFiles(io).forEach(changed::add);
            snapshot.removedDeleteFiles(io).forEach(changed::add);
            for (ContentFile<?> file : changed) {
                Optional<PartitionKey> key = key(file);
                if (key.isPresent() && !partitions.containsKey(key.get())) {
                    Optional<LakeFigures> before = before(snapshot, key.get());
                    if (before.isEmpty()) {
                        return Optional.empty();
                    }
                    partitions.put(key.get(), tally(before.get()));
                }
            }
            apply(snapshot.addedDataFiles(io), snapshot.addedDeleteFiles(io), whole, partitions, true);
            apply(removed, snapshot.removedDeleteFiles(io), whole, partitions, false);
            return Optional.of(result(snapshot, whole, partitions, false));
        }

        /**
         * The removed data files with their column metrics: Iceberg hands removed files out without them, so
         * they are read from the parent's manifests that this snapshot replaced (those it rewrote to mark the
         * files deleted), which is reading no more than the commit itself rewrote.
         */
        private List<DataFile> withMetrics(Snapshot snapshot, Iterable<DataFile> removed) {
            Map<String, DataFile> byLocation = new LinkedHashMap<>();
            removed.forEach(file -> byLocation.put(file.location(), file));
            Snapshot parent = snapshot.parentId() == null ? null : table.snapshot(snapshot.parentId());
            if (byLocation.isEmpty() || parent == null) {
                return List.copyOf(byLocation.values());
            }
            Set<String> kept = new HashSet<>();
            snapshot.dataManifests(io).forEach(manifest -> kept.add(manifest.path()));
            for (ManifestFile manifest : parent.dataManifests(io)) {
                if (kept.contains(manifest.path())) {
                    continue;
                }
                try (ManifestReader<DataFile> files = ManifestFiles.read(manifest, io, table.specsById())) {
                    for (DataFile file : files) {
                        byLocation.computeIfPresent(file.location(), (location, bare) -> file.copy());
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return List.copyOf(byLocation.values());
        }

        private SnapshotStatistics fromAllFiles(Snapshot snapshot) {
            FiguresTally whole = tally(LakeFigures.NONE);
            Map<PartitionKey, FiguresTally> partitions = new LinkedHashMap<>();
            Map<Integer, PartitionSpec> specs = table.specsById();
            for (ManifestFile manifest : snapshot.dataManifests(io)) {
                try (ManifestReader<DataFile> files = ManifestFiles.read(manifest, io, specs)) {
                    apply(files, List.of(), whole, partitions, true);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            for (ManifestFile manifest : snapshot.deleteManifests(io)) {
                try (ManifestReader<DeleteFile> files = ManifestFiles.readDeleteManifest(manifest, io, specs)) {
                    apply(List.of(), files, whole, partitions, true);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return result(snapshot, whole, partitions, true);
        }

        private void apply(
                Iterable<DataFile> dataFiles,
                Iterable<DeleteFile> deleteFiles,
                FiguresTally whole,
                Map<PartitionKey, FiguresTally> partitions,
                boolean add) {
            dataFiles.forEach(file -> tallies(file, whole, partitions).forEach(tally -> tally.count(file, add)));
            deleteFiles.forEach(file -> tallies(file, whole, partitions).forEach(tally -> tally.count(file, add)));
        }

        private List<FiguresTally> tallies(
                ContentFile<?> file, FiguresTally whole, Map<PartitionKey, FiguresTally> partitions) {
            Optional<PartitionKey> key = key(file);
            return key.isEmpty()
                    ? List.of(whole)
                    : List.of(whole, partitions.computeIfAbsent(key.get(), k -> tally(LakeFigures.NONE)));
        }

        /**
         * What a partition held before {@code snapshot}: the nearest ancestor that recorded it, else nothing
         * if an ancestor counted all its partitions or the history reaches the table's first snapshot; empty
         * when the history was cut (expired snapshots) before either.
         */
        private Optional<LakeFigures> before(Snapshot snapshot, PartitionKey key) {
            Map<Long, LakeFigures> recorded = history.partition(key.specId(), key.name());
            Set<Long> counted = history.counted();
            Long ancestor = snapshot.parentId();
            while (ancestor != null) {
                SnapshotStatistics justCounted = done.get(ancestor);
                if (justCounted != null) {
                    Optional<PartitionFigures> figures = justCounted.partitions().stream()
                            .filter(p ->
                                    p.specId() == key.specId() && p.partition().equals(key.name()))
                            .findFirst();
                    if (figures.isPresent()) {
                        return Optional.of(figures.get().figures());
                    }
                    if (justCounted.allPartitions()) {
                        return Optional.of(LakeFigures.NONE);
                    }
                } else if (recorded.containsKey(ancestor)) {
                    return Optional.of(recorded.get(ancestor));
                } else if (counted.contains(ancestor)) {
                    return Optional.of(LakeFigures.NONE);
                }
                Snapshot step = table.snapshot(ancestor);
                if (step == null) {
                    return Optional.empty();
                }
                ancestor = step.parentId();
            }
            return Optional.of(LakeFigures.NONE);
        }

        private Optional<PartitionKey> key(ContentFile<?> file) {
            PartitionSpec spec = table.specsById().get(file.specId());
            if (spec == null || spec.isUnpartitioned()) {
                return Optional.empty();
            }
            return Optional.of(new PartitionKey(spec.specId(), spec.partitionToPath(file.partition())));
        }

        private FiguresTally tally(LakeFigures start) {
            return new FiguresTally(start, id -> fields.computeIfAbsent(id, this::field));
        }

        /** A column by field id in the current schema, else in the newest schema that had it (a dropped one). */
        private Optional<Types.NestedField> field(int id) {
            return Optional.ofNullable(table.schema().findField(id))
                    .or(() -> table.schemas().stream()
                            .sorted(Comparator.comparingInt(org.apache.iceberg.Schema::schemaId)
                                    .reversed())
                            .map(schema -> schema.findField(id))
                            .filter(field -> field != null)
                            .findFirst());
        }

        private SnapshotStatistics result(
                Snapshot snapshot, FiguresTally whole, Map<PartitionKey, FiguresTally> partitions, boolean all) {
            List<PartitionFigures> figures = partitions.entrySet().stream()
                    .map(entry -> new PartitionFigures(
                            entry.getKey().specId(),
                            entry.getKey().name(),
                            entry.getValue().figures()))
                    .toList();
            return new SnapshotStatistics(snapshot.snapshotId(), Instant.EPOCH, whole.figures(), figures, all);
        }
    }

    private record PartitionKey(int specId, String name) {}
}
