package dev.lakegate.hms.handler.workload;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.OpaqueObjectWrite;
import dev.lakegate.hms.handler.kept.KeptObjects;
import dev.lakegate.hms.handler.kept.KeptObjects.Kept;
import dev.lakegate.translator.names.HiveNames;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.WMFullResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMResourcePlanStatus;

/**
 * Resource plans as the catalog keeps them: each plan with its pools, triggers, mappings and
 * trigger-to-pool links as one opaque object (HMS's own WMFullResourcePlan), so that every change to
 * a plan's contents is one conditional write and dropping the plan drops all of it. Key: the plan's
 * namespace as it was stored (HMS keeps it as given, unset too) and its lower-case name. Beside them, per
 * namespace, a marker of the active plan that every change of the active plan rewrites at the version
 * read: two activations at once cannot both win, even where no plan was active before.
 */
final class PlanStore {

    private final KeptObjects<WMFullResourcePlan> plans = new KeptObjects<>("hms.wm_plan", WMFullResourcePlan::new);
    private final KeptObjects<WMResourcePlan> active = new KeptObjects<>("hms.wm_active_plan", WMResourcePlan::new);

    /** HMS's namespace of a lookup: "default" when unset, else the given one normalised. */
    static String lookupNs(String ns) {
        return ns == null ? "default" : HiveNames.normalize(ns);
    }

    /** The plan of that name in the namespace HMS looks it up in. */
    Optional<Kept<WMFullResourcePlan>> find(CatalogClient client, String name, String ns) {
        return findStored(client, HiveNames.normalize(name), lookupNs(ns));
    }

    /** The plan of that name stored under exactly that namespace (unset included). */
    Optional<Kept<WMFullResourcePlan>> findStored(CatalogClient client, String name, String storedNs) {
        return plans.find(client, key(storedNs, name));
    }

    /** The plans stored under exactly that namespace, by name. */
    List<Kept<WMFullResourcePlan>> inNamespace(CatalogClient client, String storedNs) {
        return plans.list(client, prefix(storedNs));
    }

    Optional<Kept<WMFullResourcePlan>> activeIn(CatalogClient client, String storedNs) {
        return inNamespace(client, storedNs).stream()
                .filter(kept -> kept.value().getPlan().getStatus() == WMResourcePlanStatus.ACTIVE)
                .findFirst();
    }

    OpaqueObjectWrite create(WMFullResourcePlan plan) {
        return plans.create(key(plan), PlanViews.stamped(plan));
    }

    OpaqueObjectWrite replace(WMFullResourcePlan plan, long version) {
        return plans.replace(key(plan), PlanViews.stamped(plan), version);
    }

    OpaqueObjectWrite delete(WMFullResourcePlan plan, long version) {
        return plans.delete(key(plan), version);
    }

    /** The write that claims the namespace's active plan for {@code name}, conditional on the marker as read. */
    OpaqueObjectWrite claimActive(CatalogClient client, String storedNs, String name) {
        String key = prefix(storedNs);
        WMResourcePlan marker = new WMResourcePlan(name);
        return active.find(client, key)
                .map(current -> active.replace(key, marker, current.version()))
                .orElseGet(() -> active.create(key, marker));
    }

    static void write(CatalogClient client, List<OpaqueObjectWrite> writes) {
        KeptObjects.write(client, writes.toArray(OpaqueObjectWrite[]::new));
    }

    private static String key(WMFullResourcePlan plan) {
        return key(plan.getPlan().getNs(), plan.getPlan().getName());
    }

    private static String key(String storedNs, String name) {
        return prefix(storedNs) + name;
    }

    /** Unambiguous for any namespace: its length first, "-" for an unset one. */
    private static String prefix(String storedNs) {
        return storedNs == null ? "-/" : storedNs.length() + ":" + storedNs + "/";
    }
}
