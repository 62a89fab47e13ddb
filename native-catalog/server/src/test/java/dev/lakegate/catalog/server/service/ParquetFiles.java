package dev.lakegate.catalog.server.service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.DeleteSchemaUtil;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.parquet.Parquet;

/** Real Parquet data files of an Iceberg table, written and read back with Iceberg's generic writers and readers. */
final class ParquetFiles {

    private ParquetFiles() {}

    /** One data file holding {@code rows} (all of one partition), with the metrics Iceberg's writer collects. */
    static DataFile write(Table table, List<Record> rows) {
        PartitionKey partition = new PartitionKey(table.spec(), table.schema());
        partition.partition(rows.get(0));
        OutputFile out = table.io()
                .newOutputFile(table.location() + "/data/" + partition.toPath() + "/" + UUID.randomUUID() + ".parquet");
        DataWriter<Record> writer;
        try {
            writer = Parquet.writeData(out)
                    .schema(table.schema())
                    .createWriterFunc(GenericParquetWriter::create)
                    .withSpec(table.spec())
                    .withPartition(partition.toPath().isEmpty() ? null : partition)
                    .overwrite()
                    .build();
            try (writer) {
                rows.forEach(writer::write);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return writer.toDataFile();
    }

    /** A position delete file (Parquet) removing rows {@code positions} of {@code file}, in its partition. */
    static DeleteFile deletePositions(Table table, DataFile file, long... positions) {
        OutputFile out = table.io().newOutputFile(table.location() + "/data/deletes-" + UUID.randomUUID() + ".parquet");
        PositionDeleteWriter<Record> writer;
        try {
            writer = Parquet.writeDeletes(out)
                    .withSpec(table.specs().get(file.specId()))
                    .withPartition(file.partition())
                    .overwrite()
                    .buildPositionWriter();
            try (writer) {
                for (long position : positions) {
                    writer.write(PositionDelete.<Record>create().set(file.location(), position));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return writer.toDeleteFile();
    }

    /** How many rows a position delete file holds, read back from the file. */
    static long readDeletes(Table table, String path) {
        long rows = 0;
        try (CloseableIterable<Record> records = Parquet.read(table.io().newInputFile(path))
                .project(DeleteSchemaUtil.pathPosSchema())
                .createReaderFunc(
                        fileSchema -> GenericParquetReaders.buildReader(DeleteSchemaUtil.pathPosSchema(), fileSchema))
                .build()) {
            for (Record ignored : records) {
                rows++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    /** Every row a data file holds, read back from the file itself. */
    static List<Record> read(Table table, String path) {
        List<Record> rows = new ArrayList<>();
        try (CloseableIterable<Record> records = Parquet.read(table.io().newInputFile(path))
                .project(table.schema())
                .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(table.schema(), fileSchema))
                .build()) {
            records.forEach(record -> rows.add(record.copy()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }
}
