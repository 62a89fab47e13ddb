package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.hive.metastore.api.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** User-defined types through a raw Hive 4.1 Thrift client against a real catalog. */
class TypeCallsTest {

    @RegisterExtension
    final FacadeGateway gateway = FacadeGateway.create();

    @Test
    void typesAreKeptByNameWithHmsWords() throws Exception {
        ThriftHiveMetastore.Client client = gateway.client();
        Type address = new Type("address");
        address.setFields(List.of(new FieldSchema("zip", "int", null)));
        assertThat(client.create_type(address)).isTrue();
        assertThat(client.get_type(" address ").getFields()).containsExactly(new FieldSchema("zip", "int", null));
        assertThatThrownBy(() -> client.create_type(address))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage("Type address already exists");
        assertThatThrownBy(() -> client.create_type(new Type("not a word")))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("Invalid type name");
        assertThatThrownBy(() -> client.get_type_all("address"))
                .isInstanceOf(MetaException.class)
                .hasMessage("Not yet implemented");

        assertThat(client.drop_type("address")).isTrue();
        assertThatThrownBy(() -> client.get_type("address"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Type \"address\" not found.");
        assertThat(client.drop_type("address")).isTrue();
    }
}
