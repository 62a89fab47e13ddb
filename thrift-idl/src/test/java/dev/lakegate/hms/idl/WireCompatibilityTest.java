package dev.lakegate.hms.idl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.thrift.ProcessFunction;
import org.apache.thrift.TBase;
import org.junit.jupiter.api.Test;

/**
 * Field by field, the args and result structs of every method of every served release (and every
 * struct they reach) against the classes {@link HmsProcessor} reads and writes. Thrift matches fields
 * by id and wire type, so a newer struct reads an older client's bytes, except where Hive changed a
 * field in place. Those places are listed here, each checked and explained; any other change (a new
 * base release, say) fails this test until it is understood.
 */
class WireCompatibilityTest {

    /**
     * Incompatibilities between a release's structs and ours. "old -> ours" per field id.
     * <ul>
     *   <li>AddDynamicPartitions (2.3): 3.0 inserted writeid at id 2 and shifted the rest, so a 2.3
     *       client's add_dynamic_partitions cannot be read (required fields go missing).</li>
     *   <li>GetOpenTxnsResponse (2.3): open_txns went from set to list, and 3.0 added the required
     *       abortedBits; a 2.3 client cannot read any get_open_txns answer of 3.0+.</li>
     *   <li>InsertEventRequestData (2.3): 3.0 put replace at id 1 and moved filesAdded to 2 (now
     *       required), so a 2.3 fire_listener_event insert cannot be read.</li>
     *   <li>Table (2.3): 2.3.x's catName at 16 is 3.0's creationMetadata; catName moved to 17.</li>
     *   <li>get_partition_names_result (2.3): its only exception moved from id 1 (MetaException) to
     *       id 2; id 1 is now NoSuchObjectException.</li>
     *   <li>create_ischema_result (3.1): 3.1's IDL left o2 without an id (the compiler gave it -1);
     *       3.1 clients never receive our NoSuchObjectException.</li>
     *   <li>Materialization (3.1): 4.0 added the required sourceTablesCompacted: harmless, we
     *       only write it (and must set it).</li>
     * </ul>
     * 4.0.0, 4.0.1 and 4.1.0 differ from ours nowhere: 4.0.0's CreateDatabaseRequest.type (a string,
     * an enum in 4.0.1) belongs to create_database_req, which 4.0.0 did not have yet.
     */
    private static final Set<String> KNOWN = Set.of(
            "2.3.10 AddDynamicPartitions.2 dbname:string -> writeid:i64",
            "2.3.10 AddDynamicPartitions.4 partitionnames:list<string> -> tablename:string",
            "2.3.10 AddDynamicPartitions.5 operationType:i32 -> partitionnames:list<string>",
            "2.3.10 GetOpenTxnsResponse.2 open_txns:set<i64> -> open_txns:list<i64>",
            "2.3.10 GetOpenTxnsResponse.4 (none) -> abortedBits:string required",
            "2.3.10 InsertEventRequestData.1 filesAdded:list<string> -> replace:bool",
            "2.3.10 InsertEventRequestData.2 filesAddedChecksum -> required",
            "2.3.10 Table.16 catName:string -> creationMetadata:struct(CreationMetadata)",
            "2.3.10 ThriftHiveMetastore$get_partition_names_result.1 o2:struct(MetaException)"
                    + " -> o1:struct(NoSuchObjectException)",
            "3.1.3 Materialization.2 (none) -> sourceTablesCompacted:bool required",
            "3.1.3 ThriftHiveMetastore$create_ischema_result.-1 o2:struct(NoSuchObjectException) -> (none)");

    @Test
    @SuppressWarnings("rawtypes") // libthrift's own signatures use the raw TBase
    void onlyTheKnownFieldsDiffer() throws Exception {
        Set<String> diffs = new TreeSet<>();
        Map<String, ProcessFunction<HmsIface, ? extends TBase, ? extends TBase>> ours =
                new HmsProcessor(new TestHandler().iface()).getProcessMapView();
        for (ReferenceRelease r : ReferenceRelease.all()) {
            Deque<String[]> pending = new ArrayDeque<>();
            for (String method : r.processMap()) {
                String service = HmsApiVersions.fb303Methods().contains(method)
                        ? ReferenceRelease.FB303
                        : ReferenceRelease.SERVICE;
                String args = service + "$" + method + "_args";
                assertThat(ours.get(method).getEmptyArgsInstance().getClass().getName())
                        .isEqualTo(args);
                pending.add(new String[] {args, args});
                String result = service + "$" + method + "_result";
                if (r.has(result)) {
                    pending.add(new String[] {result, result});
                }
            }
            Set<String> seen = new HashSet<>();
            while (!pending.isEmpty()) {
                String[] pair = pending.poll();
                if (!seen.add(pair[0])) {
                    continue;
                }
                Map<Short, WireShape.Field> old = WireShape.of(r.load(pair[0]));
                Map<Short, WireShape.Field> now = WireShape.of(Class.forName(pair[1]));
                String struct = pair[0].substring(pair[0].lastIndexOf('.') + 1);
                for (WireShape.Field o : old.values()) {
                    WireShape.Field n = now.get(o.id());
                    if (n == null) {
                        diffs.add(r.release.version() + " " + struct + "." + o.id() + " " + o.name() + ":" + o.type()
                                + " -> (none)");
                        continue;
                    }
                    boolean unnamed =
                            o.type().matches(".*struct(?!\\().*") || n.type().matches(".*struct(?!\\().*");
                    boolean differs = unnamed
                            ? !o.wireType().equals(n.wireType())
                            : !o.type().equals(n.type());
                    if (differs) {
                        diffs.add(r.release.version() + " " + struct + "." + o.id() + " " + o.name() + ":" + o.type()
                                + " -> " + n.name() + ":" + n.type());
                    } else if (!o.requirement().equals("required")
                            && n.requirement().equals("required")) {
                        diffs.add(r.release.version() + " " + struct + "." + o.id() + " " + o.name() + " -> required");
                    } else {
                        for (String nested : WireShape.structNames(o)) {
                            pending.add(new String[] {ReferenceRelease.API + nested, ReferenceRelease.API + nested});
                        }
                    }
                }
                for (WireShape.Field n : now.values()) {
                    if (!old.containsKey(n.id()) && n.requirement().equals("required")) {
                        diffs.add(r.release.version() + " " + struct + "." + n.id() + " (none) -> " + n.name() + ":"
                                + n.type() + " required");
                    }
                }
            }
        }
        assertThat(diffs).isEqualTo(KNOWN);
    }
}
