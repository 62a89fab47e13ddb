package dev.lakegate.translator.thrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.thrift.TSerializer;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.junit.jupiter.api.Test;

class WithoutInterningTest {

    @Test
    void structsFilledWithoutInterningEqualThoseFilledThroughTheirSetters() throws Exception {
        Partition bySetters = new Partition();
        bySetters.setValues(List.of("2024-01-01", "7"));
        bySetters.setDbName("db");
        bySetters.setTableName("events");
        bySetters.setCatName("hive");
        bySetters.setParameters(Map.of("numFiles", "4"));
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(List.of(new FieldSchema("id", "bigint", null), new FieldSchema("name", "string", "who")));
        sd.setLocation("file:/w/db/events/ds=2024-01-01/hr=7");
        sd.setInputFormat("in");
        sd.setOutputFormat("out");
        sd.setParameters(Map.of("k", "v"));
        sd.setSerdeInfo(new SerDeInfo("s", "lib", Map.of("serialization.format", "1")));
        sd.getSerdeInfo().setSerializerClass("ser");
        sd.getSerdeInfo().setDeserializerClass("de");
        bySetters.setSd(sd);

        Partition direct = new Partition();
        direct.setValues(List.of("2024-01-01", "7"));
        WithoutInterning.names(direct, "db", "events", "hive");
        WithoutInterning.parameters(direct, new HashMap<>(Map.of("numFiles", "4")));
        StorageDescriptor directSd = new StorageDescriptor();
        directSd.setCols(List.of(
                WithoutInterning.column("id", "bigint", null), WithoutInterning.column("name", "string", "who")));
        WithoutInterning.storage(directSd, "file:/w/db/events/ds=2024-01-01/hr=7", "in", "out");
        WithoutInterning.parameters(directSd, new HashMap<>(Map.of("k", "v")));
        directSd.setSerdeInfo(
                WithoutInterning.serde("s", "lib", new HashMap<>(Map.of("serialization.format", "1")), "ser", "de"));
        direct.setSd(directSd);

        assertThat(direct).isEqualTo(bySetters);
        assertThat(direct.isSetCatName()).isTrue();
        assertThat(direct.getSd().getCols().get(0).isSetComment()).isFalse();
        TSerializer serializer = new TSerializer(new TBinaryProtocol.Factory());
        assertThat(serializer.serialize(direct)).isEqualTo(serializer.serialize(bySetters));
    }

    @Test
    void nullsLeaveFieldsUnset() {
        StorageDescriptor sd = new StorageDescriptor();
        WithoutInterning.storage(sd, null, null, null);
        assertThat(sd.isSetLocation()).isFalse();
        assertThat(sd.isSetInputFormat()).isFalse();
        assertThat(sd.isSetOutputFormat()).isFalse();
    }
}
