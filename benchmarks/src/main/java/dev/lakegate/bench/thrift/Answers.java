package dev.lakegate.bench.thrift;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.TFieldIdEnum;
import org.apache.thrift.TSerializer;
import org.apache.thrift.protocol.TBinaryProtocol;

/**
 * Compares what the two servers answered: the names must be equal (or the measurement would compare
 * different work), the rest is described, so the report can say what else differs.
 */
final class Answers {

    private Answers() {}

    /** Problems that make the comparison meaningless: different tables, columns or keys. */
    static List<String> tableMismatches(String name, Table hms, Table lakegate) {
        List<String> problems = new ArrayList<>();
        check(problems, name + ": dbName", hms.getDbName(), lakegate.getDbName());
        check(problems, name + ": tableName", hms.getTableName(), lakegate.getTableName());
        check(
                problems,
                name + ": columns",
                columns(hms.getSd().getCols()),
                columns(lakegate.getSd().getCols()));
        check(
                problems,
                name + ": partition keys",
                columns(hms.getPartitionKeys()),
                columns(lakegate.getPartitionKeys()));
        check(
                problems,
                name + ": serde",
                hms.getSd().getSerdeInfo().getSerializationLib(),
                lakegate.getSd().getSerdeInfo().getSerializationLib());
        check(
                problems,
                name + ": input format",
                hms.getSd().getInputFormat(),
                lakegate.getSd().getInputFormat());
        check(problems, name + ": table type", hms.getTableType(), lakegate.getTableType());
        return problems;
    }

    /** Problems with the partitions one server returned for {@code requested}. */
    static List<String> partitionMismatches(String server, List<String> requested, List<Partition> got) {
        List<String> problems = new ArrayList<>();
        Set<String> want = new TreeSet<>(requested);
        Set<String> have = new TreeSet<>();
        for (Partition p : got) {
            have.add("ds=" + p.getValues().get(0) + "/hr=" + p.getValues().get(1));
            String location = p.getSd().getLocation();
            String suffix =
                    "/ds=" + p.getValues().get(0) + "/hr=" + p.getValues().get(1);
            if (location == null || !location.endsWith(suffix)) {
                problems.add(server + ": partition " + p.getValues() + " has location " + location);
            }
        }
        if (!want.equals(have)) {
            Set<String> missing = new TreeSet<>(want);
            missing.removeAll(have);
            Set<String> extra = new TreeSet<>(have);
            extra.removeAll(want);
            problems.add(server + ": " + got.size() + " partitions for " + requested.size() + " names; missing "
                    + first(missing) + ", unexpected " + first(extra));
        }
        return problems;
    }

    /** The top-level fields whose values differ (times and locations aside), e.g. {@code id: 1 vs unset}. */
    static <T extends TBase<T, F>, F extends TFieldIdEnum> List<String> fieldDifferences(
            T hms, T lakegate, Set<String> ignored) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<? extends TFieldIdEnum, ?> e : fieldMap(hms).entrySet()) {
            @SuppressWarnings("unchecked")
            F field = (F) e.getKey();
            String name = field.getFieldName();
            if (ignored.contains(name)) {
                continue;
            }
            boolean hmsSet = hms.isSet(field);
            boolean lgSet = lakegate.isSet(field);
            Object a = hmsSet ? hms.getFieldValue(field) : null;
            Object b = lgSet ? lakegate.getFieldValue(field) : null;
            if (name.equals("id") && hmsSet && lgSet) {
                if (!a.equals(b)) {
                    out.add("id: set by both, to different values");
                }
                continue;
            }
            if (hmsSet != lgSet || (a != null && !a.equals(b))) {
                out.add(name + ": " + brief(hmsSet, a) + " vs " + brief(lgSet, b));
            }
        }
        return out;
    }

    private static Map<? extends TFieldIdEnum, ?> fieldMap(TBase<?, ?> struct) {
        try {
            return (Map<? extends TFieldIdEnum, ?>)
                    struct.getClass().getField("metaDataMap").get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String brief(boolean set, Object value) {
        if (!set) {
            return "unset";
        }
        String s = String.valueOf(value);
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    /** Bytes of the struct in the binary protocol: about what went over the wire. */
    static int wireBytes(TBase<?, ?> struct) {
        try {
            return new TSerializer(new TBinaryProtocol.Factory()).serialize(struct).length;
        } catch (TException e) {
            throw new IllegalStateException(e);
        }
    }

    static int wireBytes(List<? extends TBase<?, ?>> structs) {
        int total = 0;
        for (TBase<?, ?> s : structs) {
            total += wireBytes(s);
        }
        return total;
    }

    private static List<String> columns(List<FieldSchema> fields) {
        List<String> out = new ArrayList<>();
        for (FieldSchema f : fields) {
            out.add(f.getName() + " " + f.getType());
        }
        return out;
    }

    private static void check(List<String> problems, String what, Object hms, Object lakegate) {
        if (hms == null ? lakegate != null : !hms.equals(lakegate)) {
            problems.add(what + " differ: HMS " + hms + ", Lakegate " + lakegate);
        }
    }

    private static String first(Set<String> names) {
        return names.isEmpty()
                ? "none"
                : names.size() <= 3
                        ? names.toString()
                        : new ArrayList<>(names).subList(0, 3) + " and " + (names.size() - 3) + " more";
    }
}
