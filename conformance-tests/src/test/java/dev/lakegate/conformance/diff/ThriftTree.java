package dev.lakegate.conformance.diff;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.thrift.TBase;
import org.apache.thrift.TFieldIdEnum;
import org.apache.thrift.meta_data.FieldMetaData;

/**
 * A Thrift struct of any Hive release as plain data: a map from field name to value, in field-id order,
 * holding only the fields that are set; nested structs likewise; maps sorted by key; lists as lists;
 * enums by name; binary as hex. Built by reflection on libthrift's field metadata, so one code path
 * serves every client version, and a field that only some releases have simply appears or not.
 */
public final class ThriftTree {

    private ThriftTree() {}

    public static Object of(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof TBase<?, ?> struct) {
            return struct(struct);
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> sorted =
                    new TreeMap<>((a, b) -> String.valueOf(a).compareTo(String.valueOf(b)));
            map.forEach((k, v) -> sorted.put(of(k), of(v)));
            return sorted;
        }
        if (value instanceof Collection<?> collection) {
            List<Object> list = new ArrayList<>(collection.size());
            collection.forEach(e -> list.add(of(e)));
            return list;
        }
        if (value instanceof Enum<?> e) {
            return e.name();
        }
        if (value instanceof ByteBuffer buffer) {
            ByteBuffer copy = buffer.duplicate();
            byte[] bytes = new byte[copy.remaining()];
            copy.get(bytes);
            return HexFormat.of().formatHex(bytes);
        }
        if (value instanceof byte[] bytes) {
            return HexFormat.of().formatHex(bytes);
        }
        return value;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Map<String, Object> struct(TBase struct) {
        Map<? extends TFieldIdEnum, FieldMetaData> fields = FieldMetaData.getStructMetaDataMap(struct.getClass());
        List<TFieldIdEnum> ids = new ArrayList<>(fields.keySet());
        ids.sort((a, b) -> Short.compare(a.getThriftFieldId(), b.getThriftFieldId()));
        Map<String, Object> tree = new LinkedHashMap<>();
        for (TFieldIdEnum id : ids) {
            if (struct.isSet(id)) {
                tree.put(id.getFieldName(), of(struct.getFieldValue(id)));
            }
        }
        return tree;
    }
}
