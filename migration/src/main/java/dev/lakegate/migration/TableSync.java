package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TException;

/**
 * One table of the source side, of any kind: compared with the target's, then created, altered, or
 * dropped and made again where its kind or partition keys changed; then its statistics and partitions.
 */
final class TableSync {

    private final SyncSides sides;
    private final StatisticsSync statistics;
    private final PartitionSync partitions;

    TableSync(SyncSides sides) {
        this.sides = requireNonNull(sides, "sides is null");
        this.statistics = new StatisticsSync(sides);
        this.partitions = new PartitionSync(sides, statistics);
    }

    /** {@code present}: whether the target has a table of this name. */
    void run(SyncOutcome outcome, String database, String name, boolean present) throws TException {
        String where = database + "." + name;
        Table source = sides.from().table(database, name);
        Table target = null;
        if (present) {
            target = sides.to().table(database, name);
            List<String> differences = new ArrayList<>();
            compare(differences, where, source, target);
            outcome.differences.addAll(differences);
            if (sides.apply() && !differences.isEmpty()) {
                boolean reshaped = !Objects.equals(source.getTableType(), target.getTableType())
                        || !Normalized.columns(source.getPartitionKeys())
                                .equals(Normalized.columns(target.getPartitionKeys()));
                if (reshaped) {
                    // A table dropped and made again with another shape: no alter turns one into the other.
                    sides.to().hms().drop_table(database, name, false);
                    target = null;
                } else {
                    sides.to()
                            .hms()
                            .alter_table_with_environment_context(
                                    database, name, source.deepCopy(), SyncSides.asItIs());
                    outcome.tablesChanged++;
                }
            }
        }
        if (target == null && sides.apply()) {
            create(database, name, source);
            outcome.tablesCreated++;
        }
        if (target == null && !sides.apply()) {
            return; // named as missing already; its partitions and statistics go with it
        }
        statistics.table(outcome, where, source, target);
        if (source.getPartitionKeysSize() > 0) {
            partitions.run(outcome, database, name, source, target);
        }
    }

    /**
     * Creates the copy. An Iceberg table whose metadata file the catalog cannot read (gone, say: such tables
     * exist in real metastores) is refused on its own; it is then made again with its pointer alone and
     * reported, so the copy goes on. Only the file can be why the second create succeeds where the first
     * failed: it differs in nothing else.
     */
    private void create(String database, String name, Table source) throws TException {
        try {
            sides.to().hms().create_table_with_environment_context(source.deepCopy(), SyncSides.asItIs());
        } catch (TException | RuntimeException refused) {
            String metadataLocation = metadataLocation(source);
            if (metadataLocation == null) {
                throw refused;
            }
            sides.to()
                    .hms()
                    .create_table_with_environment_context(
                            source.deepCopy(), SyncSides.asItIsKeepingUnreadableMetadata());
            sides.report()
                    .accept(new MigrationEvent.MetadataUnread(
                            database, name, metadataLocation, String.valueOf(refused.getMessage())));
        }
    }

    /** The metadata file an Iceberg table points at, or null for other tables. */
    private static String metadataLocation(Table table) {
        Map<String, String> parameters = table.getParameters();
        if (parameters == null || !"ICEBERG".equalsIgnoreCase(parameters.get("table_type"))) {
            return null;
        }
        String location = parameters.get("metadata_location");
        return location == null || location.isEmpty() ? null : location;
    }

    private void compare(List<String> differences, String where, Table source, Table target) {
        Differ differ = sides.differ();
        differ.compare(differences, where, "table type", source.getTableType(), target.getTableType());
        differ.compare(differences, where, "owner", source.getOwner(), target.getOwner());
        differ.compare(
                differences,
                where,
                "partition keys",
                Normalized.columns(source.getPartitionKeys()),
                Normalized.columns(target.getPartitionKeys()));
        storage(differences, where, source.getSd(), target.getSd());
        differ.compareParameters(differences, where, source.getParameters(), target.getParameters());
        differ.compare(differences, where, "view text", source.getViewOriginalText(), target.getViewOriginalText());
    }

    private void storage(List<String> differences, String where, StorageDescriptor source, StorageDescriptor target) {
        Differ differ = sides.differ();
        differ.compare(
                differences,
                where,
                "columns",
                Normalized.columns(source.getCols()),
                Normalized.columns(target.getCols()));
        differ.compare(differences, where, "location", source.getLocation(), target.getLocation());
        differ.compare(differences, where, "input format", source.getInputFormat(), target.getInputFormat());
        differ.compare(differences, where, "output format", source.getOutputFormat(), target.getOutputFormat());
        differ.compare(
                differences,
                where,
                "serde",
                source.getSerdeInfo() == null ? null : source.getSerdeInfo().getSerializationLib(),
                target.getSerdeInfo() == null ? null : target.getSerdeInfo().getSerializationLib());
    }
}
