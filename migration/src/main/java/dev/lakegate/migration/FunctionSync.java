package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.ResourceUri;
import org.apache.thrift.TException;

/** A database's functions: compared by name, class and resources; created, altered or dropped to match. */
final class FunctionSync {

    private final SyncSides sides;

    FunctionSync(SyncSides sides) {
        this.sides = requireNonNull(sides, "sides is null");
    }

    void run(SyncOutcome outcome, String database) throws TException {
        Map<String, Function> source = byName(sides.from().functions(database));
        Map<String, Function> target = byName(sides.to().functions(database));
        TreeSet<String> sourceLines = new TreeSet<>();
        source.values().forEach(f -> sourceLines.add(describe(f)));
        TreeSet<String> targetLines = new TreeSet<>();
        target.values().forEach(f -> targetLines.add(describe(f)));
        sides.differ().sets(outcome.differences, database, "functions", sourceLines, targetLines);
        if (!sides.apply()) {
            return;
        }
        for (Function f : source.values()) {
            Function held = target.get(f.getFunctionName());
            if (held == null) {
                sides.to().hms().create_function(f.deepCopy());
                outcome.functions++;
            } else if (!describe(f).equals(describe(held))) {
                sides.to().hms().alter_function(database, f.getFunctionName(), f.deepCopy());
                outcome.functions++;
            }
        }
        for (String name : target.keySet()) {
            if (!source.containsKey(name)) {
                sides.to().hms().drop_function(database, name);
                outcome.functions++;
            }
        }
    }

    private static Map<String, Function> byName(List<Function> functions) {
        Map<String, Function> out = new TreeMap<>();
        for (Function f : functions) {
            out.put(f.getFunctionName().toLowerCase(Locale.ROOT), f);
        }
        return out;
    }

    private static String describe(Function f) {
        List<String> resources = new ArrayList<>();
        if (f.getResourceUris() != null) {
            for (ResourceUri uri : f.getResourceUris()) {
                resources.add(uri.getResourceType() + ":" + uri.getUri());
            }
        }
        return f.getFunctionName().toLowerCase(Locale.ROOT) + " " + f.getClassName()
                + (resources.isEmpty() ? "" : " " + resources);
    }
}
