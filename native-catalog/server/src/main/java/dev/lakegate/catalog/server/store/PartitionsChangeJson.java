package dev.lakegate.catalog.server.store;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.WritableTypeId;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import dev.lakegate.catalog.server.model.EventChange.PartitionsChange;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.Table;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a partitions event with each distinct (columns, storage) once and every partition pointing
 * at it by position, so that an event for thousands of similar partitions stays small.
 */
final class PartitionsChangeJson {

    private PartitionsChangeJson() {}

    static SimpleModule module() {
        return new SimpleModule("lakegate-partitions-change")
                .addSerializer(PartitionsChange.class, new Writer())
                .addDeserializer(PartitionsChange.class, new Reader());
    }

    record Document(Table table, List<PartitionStorage> storages, List<Entry> before, List<Entry> after) {}

    record Entry(
            List<String> values,
            String location,
            Map<String, String> parameters,
            Instant createTime,
            Instant lastAccessTime,
            int storage) {}

    static Document toDocument(PartitionsChange change) {
        Map<PartitionStorage, Integer> storages = new LinkedHashMap<>();
        List<Entry> before = entries(change.before(), storages);
        List<Entry> after = entries(change.after(), storages);
        return new Document(change.table(), List.copyOf(storages.keySet()), before, after);
    }

    static PartitionsChange fromDocument(Document document) {
        return new PartitionsChange(
                document.table(),
                partitions(document.before(), document.storages()),
                partitions(document.after(), document.storages()));
    }

    private static List<Entry> entries(List<Partition> partitions, Map<PartitionStorage, Integer> storages) {
        List<Entry> entries = new ArrayList<>(partitions.size());
        for (Partition partition : partitions) {
            int storage = storages.computeIfAbsent(PartitionStorage.of(partition), key -> storages.size());
            entries.add(new Entry(
                    partition.values(),
                    partition.location(),
                    partition.parameters(),
                    partition.createTime(),
                    partition.lastAccessTime(),
                    storage));
        }
        return entries;
    }

    private static List<Partition> partitions(List<Entry> entries, List<PartitionStorage> storages) {
        List<Partition> partitions = new ArrayList<>(entries.size());
        for (Entry entry : entries) {
            PartitionStorage storage = storages.get(entry.storage());
            partitions.add(new Partition(
                    entry.values(),
                    entry.location(),
                    entry.parameters(),
                    entry.createTime(),
                    entry.lastAccessTime(),
                    storage.columns(),
                    storage.storage()));
        }
        return partitions;
    }

    private static final class Writer extends JsonSerializer<PartitionsChange> {
        @Override
        public void serialize(PartitionsChange value, JsonGenerator generator, SerializerProvider provider)
                throws IOException {
            provider.defaultSerializeValue(toDocument(value), generator);
        }

        @Override
        public void serializeWithType(
                PartitionsChange value, JsonGenerator generator, SerializerProvider provider, TypeSerializer types)
                throws IOException {
            WritableTypeId typeId = types.writeTypePrefix(generator, types.typeId(value, JsonToken.START_OBJECT));
            Document document = toDocument(value);
            provider.defaultSerializeField("table", document.table(), generator);
            provider.defaultSerializeField("storages", document.storages(), generator);
            provider.defaultSerializeField("before", document.before(), generator);
            provider.defaultSerializeField("after", document.after(), generator);
            types.writeTypeSuffix(generator, typeId);
        }
    }

    private static final class Reader extends JsonDeserializer<PartitionsChange> {
        @Override
        public PartitionsChange deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            return fromDocument(context.readValue(parser, Document.class));
        }
    }
}
