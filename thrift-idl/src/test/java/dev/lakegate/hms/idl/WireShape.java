package dev.lakegate.hms.idl;

import java.util.Map;
import java.util.TreeMap;

/**
 * The wire shape of a Thrift struct class, read reflectively from its generated metaDataMap so that
 * it works on classes of any release and any libthrift in any class loader: per field id, the name,
 * the requiredness and the type as it goes on the wire (enum as i32, binary as string; struct
 * with its class name where the generated code recorded it).
 */
final class WireShape {

    record Field(short id, String name, String requirement, String type) {
        /** The type with struct names dropped: what the protocol actually compares. */
        String wireType() {
            return type.replaceAll("struct\\([A-Za-z0-9_$]*\\)", "struct");
        }
    }

    private WireShape() {}

    static Map<Short, Field> of(Class<?> struct) {
        try {
            Map<?, ?> meta = (Map<?, ?>) struct.getField("metaDataMap").get(null);
            Map<Short, Field> fields = new TreeMap<>();
            for (Map.Entry<?, ?> e : meta.entrySet()) {
                Object key = e.getKey();
                short id = (Short) key.getClass().getMethod("getThriftFieldId").invoke(key);
                Object fmd = e.getValue();
                String name = (String) fmd.getClass().getField("fieldName").get(fmd);
                byte req = (Byte) fmd.getClass().getField("requirementType").get(fmd);
                Object value = fmd.getClass().getField("valueMetaData").get(fmd);
                String type = type(value);
                if (type.equals("struct")) {
                    // Thrift 0.9.3 recorded exception fields without their class: take the Java field's type.
                    type = "struct(" + struct.getDeclaredField(name).getType().getSimpleName() + ")";
                }
                fields.put(id, new Field(id, name, req == 1 ? "required" : req == 2 ? "optional" : "default", type));
            }
            return fields;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read the metadata of " + struct.getName(), e);
        }
    }

    private static String type(Object meta) throws ReflectiveOperationException {
        Class<?> k = meta.getClass();
        byte t = (Byte) k.getField("type").get(meta);
        switch (k.getSimpleName()) {
            case "StructMetaData":
                return "struct(" + ((Class<?>) k.getField("structClass").get(meta)).getSimpleName() + ")";
            case "ListMetaData":
                return "list<" + type(k.getField("elemMetaData").get(meta)) + ">";
            case "SetMetaData":
                return "set<" + type(k.getField("elemMetaData").get(meta)) + ">";
            case "MapMetaData":
                return "map<" + type(k.getField("keyMetaData").get(meta)) + ","
                        + type(k.getField("valueMetaData").get(meta)) + ">";
            case "EnumMetaData":
                return "i32";
            default:
                return switch (t) {
                    case 2 -> "bool";
                    case 3 -> "byte";
                    case 4 -> "double";
                    case 6 -> "i16";
                    case 8, 16 -> "i32";
                    case 10 -> "i64";
                    case 11 -> "string";
                    case 12 -> "struct";
                    default -> "type" + t;
                };
        }
    }

    /** Struct classes that a field's type names, for following nested structs. */
    static java.util.List<String> structNames(Field f) {
        java.util.List<String> names = new java.util.ArrayList<>();
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("struct\\(([A-Za-z0-9_$]+)\\)").matcher(f.type());
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }
}
