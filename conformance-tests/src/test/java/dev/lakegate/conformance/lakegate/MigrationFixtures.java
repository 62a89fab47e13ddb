package dev.lakegate.conformance.lakegate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.targets.LakegateGateway;
import dev.lakegate.conformance.targets.RealHiveMetastore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.types.Types;

/** What the migration tests make on the real HMS, and how they run {@code lakegate migrate}. */
final class MigrationFixtures {

    private MigrationFixtures() {}

    /** A partition of a table partitioned by {@code ds string, shard int}, under the table's location. */
    static Partition partition(Table table, String ds, int shard) {
        StorageDescriptor sd = table.getSd().deepCopy();
        sd.setLocation(table.getSd().getLocation() + "/ds=" + ds + "/shard=" + shard);
        return new Partition(
                new ArrayList<>(List.of(ds, Integer.toString(shard))),
                table.getDbName(),
                table.getTableName(),
                0,
                0,
                sd,
                new HashMap<>());
    }

    /**
     * {@code template} made an Iceberg table as HiveCatalog registers one, at {@code location}: its first
     * metadata file written there by iceberg-core, its pointer in the parameters.
     */
    static Table iceberg(Table template, String location) throws IOException {
        Schema schema = new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));
        TableMetadata metadata =
                TableMetadata.newTableMetadata(schema, PartitionSpec.unpartitioned(), location, Map.of());
        Path file = Path.of(java.net.URI.create(location.replaceFirst("^file:/+", "file:///")))
                .resolve("metadata/00000-first.metadata.json");
        Files.createDirectories(file.getParent());
        TableMetadataParser.write(metadata, org.apache.iceberg.Files.localOutput(file.toFile()));
        Table table = template.deepCopy();
        table.getSd().setCols(new ArrayList<>(List.of(new FieldSchema("id", "bigint", null))));
        table.getSd().setLocation(location);
        table.setTableType("EXTERNAL_TABLE");
        table.setParameters(new HashMap<>(
                Map.of("EXTERNAL", "TRUE", "table_type", "ICEBERG", "metadata_location", "file:" + file)));
        return table;
    }

    /** One {@code lakegate migrate} process: its exit status, what it printed (progress lines at their last state). */
    record Run(int exit, String out, double seconds) {

        static Run of(RealHiveMetastore hms, LakegateGateway gateway, String step, String databases)
                throws IOException, InterruptedException {
            List<String> args = List.of(
                    "migrate",
                    step,
                    "--legacy",
                    hms.thriftUri().toString(),
                    "--catalog",
                    "127.0.0.1:" + gateway.grpcPort(),
                    "--db",
                    databases,
                    "--warehouse",
                    gateway.warehouseUri());
            long t0 = System.nanoTime();
            Process process = new ProcessBuilder(LakegateGateway.lakegateCommand(args))
                    .redirectErrorStream(true)
                    .start();
            process.getOutputStream().close();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(20, TimeUnit.MINUTES)).isTrue();
            double seconds = (System.nanoTime() - t0) / 1e9;
            String shown = out.replaceAll("[^\n]*\r", ""); // a progress line is rewritten in place
            System.out.printf(
                    "[migrate] %s %s: exit %d in %.1f s%n%s%n", step, databases, process.exitValue(), seconds, shown);
            return new Run(process.exitValue(), shown, seconds);
        }
    }
}
