package dev.lakegate.translator.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.v1.DataType;
import dev.lakegate.catalog.v1.Field;
import dev.lakegate.catalog.v1.PrimitiveType;
import dev.lakegate.catalog.v1.Schema;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.Test;

/** A lake table's columns come back to HMS clients as a client wrote them, while they are the schema's. */
class WrittenColumnsTest {

    /** What Iceberg's HiveCatalog writes from a Hive 2 client for a timestamptz column. */
    private static Table writtenByAHive2Client() {
        Table table = HmsFixtures.icebergTable();
        table.getSd().getCols().add(new FieldSchema("At", "timestamp", "when it happened"));
        return table;
    }

    /** The schema as the catalog has it from Iceberg's metadata: the column is a timestamp with a zone. */
    private static dev.lakegate.catalog.v1.Table withIcebergsSchema(dev.lakegate.catalog.v1.Table table) {
        Schema schema = table.getSchemas(0).toBuilder()
                .setFields(
                        2,
                        table.getSchemas(0).getFields(2).toBuilder()
                                .setType(DataType.newBuilder().setPrimitive(PrimitiveType.TIMESTAMP_TZ)))
                .build();
        return table.toBuilder().setSchemas(0, schema).build();
    }

    @Test
    void aLakeTableShowsTheTypesAClientWrote() {
        dev.lakegate.catalog.v1.Table stored = withIcebergsSchema(TableMapper.toNative(writtenByAHive2Client()));
        assertThat(stored.getHive().getWrittenColumnsList())
                .extracting(c -> c.getName() + ":" + c.getType())
                .containsExactly("id:bigint", "data:string", "at:timestamp");

        Table shown = TableMapper.fromNative(stored);
        assertThat(shown.getSd().getCols())
                .containsExactly(
                        new FieldSchema("id", "bigint", null),
                        new FieldSchema("data", "string", null),
                        new FieldSchema("at", "timestamp", "when it happened"));
    }

    @Test
    void aSchemaChangedElsewhereIsShownAsTheSchemaSays() {
        dev.lakegate.catalog.v1.Table stored = withIcebergsSchema(TableMapper.toNative(writtenByAHive2Client()));
        Field added = Field.newBuilder()
                .setId(4)
                .setName("note")
                .setType(DataType.newBuilder().setPrimitive(PrimitiveType.STRING))
                .build();
        dev.lakegate.catalog.v1.Table evolved = stored.toBuilder()
                .setSchemas(0, stored.getSchemas(0).toBuilder().addFields(added))
                .build();

        assertThat(TableMapper.fromNative(evolved).getSd().getCols())
                .extracting(c -> c.getName() + ":" + c.getType())
                .containsExactly("id:bigint", "data:string", "at:timestamp with local time zone", "note:string");
    }

    @Test
    void aHiveTableKeepsNoWrittenColumns() {
        assertThat(TableMapper.toNative(HmsFixtures.hiveTable()).getHive().getWrittenColumnsList())
                .isEmpty();
    }
}
