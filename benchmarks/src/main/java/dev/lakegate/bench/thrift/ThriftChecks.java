package dev.lakegate.bench.thrift;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;

/**
 * Before anything is timed: both servers must hold the same tables and partitions and answer the measured
 * calls with the same tables and partitions. A mismatch of names stops the run (a fast error must never be
 * compared with a slow answer); other differences in the answers are listed for the report.
 */
public final class ThriftChecks {

    private ThriftChecks() {}

    public static List<String> compare(
            ThriftHiveMetastore.Client hms,
            ThriftHiveMetastore.Client lakegate,
            int tables,
            int partitions,
            List<List<String>> nameRequests,
            Function<String, GetTableRequest> getTableRequest)
            throws Exception {
        List<String> out = new ArrayList<>();
        List<String> problems = new ArrayList<>();

        List<String> hmsTables = sorted(hms.get_all_tables(HiveShapes.DATABASE));
        List<String> lgTables = sorted(lakegate.get_all_tables(HiveShapes.DATABASE));
        if (!hmsTables.equals(lgTables) || hmsTables.size() != tables + 1) {
            problems.add("get_all_tables: HMS " + hmsTables.size() + " tables, Lakegate " + lgTables.size()
                    + (hmsTables.equals(lgTables) ? "" : ", different names"));
        } else {
            out.add("`get_all_tables`: both list the same " + hmsTables.size() + " tables.");
        }

        List<String> hmsNames =
                sorted(hms.get_partition_names(HiveShapes.DATABASE, HiveShapes.PARTITIONED, (short) -1));
        List<String> lgNames =
                sorted(lakegate.get_partition_names(HiveShapes.DATABASE, HiveShapes.PARTITIONED, (short) -1));
        if (!hmsNames.equals(lgNames) || hmsNames.size() != partitions) {
            problems.add("get_partition_names: HMS " + hmsNames.size() + ", Lakegate " + lgNames.size()
                    + (hmsNames.equals(lgNames) ? "" : ", different names"));
        } else {
            out.add(String.format(
                    Locale.ROOT,
                    "`get_partition_names(%s)`: both list the same %,d names.",
                    HiveShapes.PARTITIONED,
                    hmsNames.size()));
        }

        // get_table_req of a sample.
        List<String> sample = List.copyOf(new java.util.LinkedHashSet<>(List.of(
                HiveShapes.tableName(0),
                HiveShapes.tableName(tables / 2),
                HiveShapes.tableName(tables - 1),
                HiveShapes.PARTITIONED)));
        Set<String> tableDiffs = new TreeSet<>();
        int hmsBytes = 0;
        int lgBytes = 0;
        for (String name : sample) {
            Table h = hms.get_table_req(getTableRequest.apply(name)).getTable();
            Table l = lakegate.get_table_req(getTableRequest.apply(name)).getTable();
            problems.addAll(Answers.tableMismatches(name, h, l));
            Answers.fieldDifferences(h, l, Set.of("createTime", "lastAccessTime", "sd", "parameters"))
                    .forEach(d -> tableDiffs.add("Table." + d));
            Table hs = h.deepCopy();
            Table ls = l.deepCopy();
            hs.getSd().unsetLocation();
            ls.getSd().unsetLocation();
            Answers.fieldDifferences(hs.getSd(), ls.getSd(), Set.of()).forEach(d -> tableDiffs.add("sd." + d));
            tableDiffs.addAll(parameterDifferences("parameters", h.getParameters(), l.getParameters()));
            hmsBytes += Answers.wireBytes(h);
            lgBytes += Answers.wireBytes(l);
        }
        out.add(String.format(
                Locale.ROOT,
                "`get_table_req` of %s: same database, table name, columns, partition keys, serde, formats and table "
                        + "type on both. Answer size (binary protocol, the Table): HMS %,d bytes, Lakegate %,d bytes "
                        + "on average. Other differences: %s.",
                String.join(", ", sample),
                hmsBytes / sample.size(),
                lgBytes / sample.size(),
                tableDiffs.isEmpty() ? "none" : String.join("; ", tableDiffs)));

        // get_partitions_by_names of a sample of the measured requests.
        int requests = Math.min(5, nameRequests.size());
        Set<String> partDiffs = new TreeSet<>();
        hmsBytes = 0;
        lgBytes = 0;
        for (int i = 0; i < requests; i++) {
            List<String> names = nameRequests.get(i);
            List<Partition> h =
                    sortedPartitions(hms.get_partitions_by_names(HiveShapes.DATABASE, HiveShapes.PARTITIONED, names));
            List<Partition> l = sortedPartitions(
                    lakegate.get_partitions_by_names(HiveShapes.DATABASE, HiveShapes.PARTITIONED, names));
            problems.addAll(Answers.partitionMismatches("HMS", names, h));
            problems.addAll(Answers.partitionMismatches("Lakegate", names, l));
            hmsBytes += Answers.wireBytes(h);
            lgBytes += Answers.wireBytes(l);
            if (!h.isEmpty() && h.size() == l.size()) {
                Partition hp = h.get(0).deepCopy();
                Partition lp = l.get(0).deepCopy();
                Answers.fieldDifferences(hp, lp, Set.of("createTime", "lastAccessTime", "sd", "parameters"))
                        .forEach(d -> partDiffs.add("Partition." + d));
                hp.getSd().unsetLocation();
                lp.getSd().unsetLocation();
                Answers.fieldDifferences(hp.getSd(), lp.getSd(), Set.of()).forEach(d -> partDiffs.add("sd." + d));
                partDiffs.addAll(parameterDifferences("parameters", hp.getParameters(), lp.getParameters()));
            }
        }
        out.add(String.format(
                Locale.ROOT,
                "`get_partitions_by_names` of %d of the measured lists: both return exactly the partitions named, "
                        + "each located at `…/ds=<ds>/hr=<hr>`. Answer size per call: HMS %,d bytes, Lakegate %,d "
                        + "bytes. Other differences (first partition of each): %s.",
                requests,
                hmsBytes / requests,
                lgBytes / requests,
                partDiffs.isEmpty() ? "none" : String.join("; ", partDiffs)));

        if (!problems.isEmpty()) {
            throw new IllegalStateException("the servers do not answer the same:\n  " + String.join("\n  ", problems));
        }
        return out;
    }

    /** How many partition folders ({@code hr=...}) exist below {@code warehouse}. */
    public static long partitionFolders(Path warehouse) {
        if (!Files.isDirectory(warehouse)) {
            return 0;
        }
        try (java.util.stream.Stream<Path> paths = Files.walk(warehouse)) {
            return paths.filter(p -> p.getFileName().toString().startsWith("hr=") && Files.isDirectory(p))
                    .count();
        } catch (IOException e) {
            return -1;
        }
    }

    /** VmRSS of a process, e.g. "1.2 GB"; "?" when unknown. */
    public static String rss(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    long kb = Long.parseLong(line.replaceAll("\\D", ""));
                    return String.format(Locale.ROOT, "%,d MB", kb / 1024);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux, or gone
        }
        return "?";
    }

    private static List<String> parameterDifferences(
            String what, Map<String, String> hms, Map<String, String> lakegate) {
        List<String> out = new ArrayList<>();
        Map<String, String> h = hms == null ? Map.of() : hms;
        Map<String, String> l = lakegate == null ? Map.of() : lakegate;
        Set<String> onlyHms = new TreeSet<>(h.keySet());
        onlyHms.removeAll(l.keySet());
        Set<String> onlyLg = new TreeSet<>(l.keySet());
        onlyLg.removeAll(h.keySet());
        Set<String> changed = new TreeSet<>();
        for (String k : h.keySet()) {
            if (l.containsKey(k) && !h.get(k).equals(l.get(k)) && !k.equals("transient_lastDdlTime")) {
                changed.add(k);
            }
        }
        if (!onlyHms.isEmpty()) {
            out.add(what + " only HMS sets: " + onlyHms);
        }
        if (!onlyLg.isEmpty()) {
            out.add(what + " only Lakegate sets: " + onlyLg);
        }
        if (!changed.isEmpty()) {
            out.add(what + " valued differently: " + changed);
        }
        return out;
    }

    private static List<String> sorted(List<String> names) {
        List<String> copy = new ArrayList<>(names);
        copy.sort(Comparator.naturalOrder());
        return copy;
    }

    private static List<Partition> sortedPartitions(List<Partition> parts) {
        List<Partition> copy = new ArrayList<>(parts);
        copy.sort(Comparator.comparing(p -> String.join("/", p.getValues())));
        return copy;
    }
}
