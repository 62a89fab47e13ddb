package dev.lakegate.catalog.server.service;

import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.LocationProviders;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.LocationProvider;

/**
 * A real Iceberg table in a local folder, written by Iceberg's own library (metadata files, manifests,
 * manifest lists), for tests that hand its metadata files to the catalog as an engine would.
 */
public final class IcebergFiles implements TableOperations {

    private final String location;
    private final FileIO io;
    private TableMetadata current;
    private String currentFile;
    private int version;

    private IcebergFiles(String location, FileIO io) {
        this.location = location;
        this.io = io;
    }

    /** A new table at {@code location}, written through {@code io}, with its first metadata file. */
    public static IcebergFiles create(String location, FileIO io, Schema schema, PartitionSpec spec) {
        IcebergFiles files = new IcebergFiles(location, io);
        files.commit(null, TableMetadata.newTableMetadata(schema, spec, location, Map.of("format-version", "2")));
        return files;
    }

    public Table table() {
        return new BaseTable(this, "test");
    }

    public String metadataFile() {
        return currentFile;
    }

    /** A data file of that many records (its path under the table's data folder; never read). */
    public DataFile dataFile(String name, long records) {
        return DataFiles.builder(current.spec())
                .withPath(location + "/data/" + name + ".parquet")
                .withFileSizeInBytes(100 + records)
                .withRecordCount(records)
                .build();
    }

    @Override
    public TableMetadata current() {
        return current;
    }

    @Override
    public TableMetadata refresh() {
        return current;
    }

    @Override
    public void commit(TableMetadata base, TableMetadata metadata) {
        if (base != current) {
            throw new CommitFailedException("stale base");
        }
        String file = metadataFileLocation(String.format("%05d-%s.metadata.json", ++version, UUID.randomUUID()));
        TableMetadataParser.write(metadata, io.newOutputFile(file));
        current = TableMetadataParser.read(io, file);
        currentFile = file;
    }

    @Override
    public FileIO io() {
        return io;
    }

    @Override
    public String metadataFileLocation(String fileName) {
        return location + "/metadata/" + fileName;
    }

    @Override
    public LocationProvider locationProvider() {
        return LocationProviders.locationsFor(location, current.properties());
    }
}
