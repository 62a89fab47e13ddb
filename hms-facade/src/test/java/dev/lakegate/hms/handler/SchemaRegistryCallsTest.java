package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.FindSchemasByColsRqst;
import org.apache.hadoop.hive.metastore.api.GetSerdeRequest;
import org.apache.hadoop.hive.metastore.api.ISchema;
import org.apache.hadoop.hive.metastore.api.ISchemaName;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MapSchemaVersionToSerdeRequest;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.SchemaCompatibility;
import org.apache.hadoop.hive.metastore.api.SchemaType;
import org.apache.hadoop.hive.metastore.api.SchemaValidation;
import org.apache.hadoop.hive.metastore.api.SchemaVersion;
import org.apache.hadoop.hive.metastore.api.SchemaVersionDescriptor;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The schema registry through a raw Hive 4.1 Thrift client against a real catalog. */
class SchemaRegistryCallsTest {

    @RegisterExtension
    final FacadeGateway gateway = FacadeGateway.create();

    @Test
    void schemasVersionsAndSerdes() throws Exception {
        ThriftHiveMetastore.Client client = gateway.client();
        ISchema schema = new ISchema(
                SchemaType.AVRO, "Orders", "hive", "reg", SchemaCompatibility.BACKWARD, SchemaValidation.LATEST, true);
        assertThatThrownBy(() -> client.create_ischema(schema))
                .isInstanceOf(MetaException.class)
                .hasMessage("There is no database hive.reg");
        client.create_database(new Database("reg", "", null, null));
        client.create_ischema(schema);
        ISchemaName name = new ISchemaName("hive", "reg", "orders");
        assertThat(client.get_ischema(name).getName()).isEqualTo("orders");

        for (int number = 1; number <= 2; number++) {
            client.add_schema_version(new SchemaVersion(
                    name, number, 0, List.of(new FieldSchema(number == 1 ? "colour" : "id", "string", null))));
        }
        assertThat(client.get_schema_all_versions(name))
                .extracting(SchemaVersion::getVersion)
                .containsExactly(2, 1);
        assertThat(client.get_schema_latest_version(name).getVersion()).isEqualTo(2);
        FindSchemasByColsRqst byColour = new FindSchemasByColsRqst();
        byColour.setColName("COLOUR");
        assertThat(client.get_schemas_by_cols(byColour).getSchemaVersions())
                .containsExactly(new SchemaVersionDescriptor(name, 1));
        assertThatThrownBy(() -> client.drop_ischema(name)).isInstanceOf(InvalidOperationException.class);

        client.add_serde(new SerDeInfo("avro", "org.apache.hadoop.hive.serde2.avro.AvroSerDe", Map.of()));
        client.map_schema_version_to_serde(
                new MapSchemaVersionToSerdeRequest(new SchemaVersionDescriptor(name, 1), "avro"));
        assertThat(client.get_schema_version(new SchemaVersionDescriptor(name, 1))
                        .getSerDe()
                        .getName())
                .isEqualTo("avro");
        assertThatThrownBy(() -> client.get_serde(new GetSerdeRequest("none")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("No SerDe named none");

        client.drop_schema_version(new SchemaVersionDescriptor(name, 1));
        client.drop_schema_version(new SchemaVersionDescriptor(name, 2));
        client.drop_ischema(name);
        assertThatThrownBy(() -> client.get_ischema(name)).isInstanceOf(NoSuchObjectException.class);
    }
}
