package dev.lakegate.hms.handler.workload;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.kept.KeptObjects.Kept;
import dev.lakegate.translator.error.WorkloadManagementWords;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.WMFullResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMPool;
import org.apache.hadoop.hive.metastore.api.WMResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMResourcePlanStatus;
import org.apache.hadoop.hive.metastore.api.WMValidateResourcePlanResponse;

/**
 * Resource plans as HMS 4.0.1 keeps them: names lower-case, unique in their namespace; created
 * DISABLED with a pool "default" (all of the capacity, the plan's query parallelism or 4) unless copied
 * from another plan, whose contents and namespace the copy takes; at most one ACTIVE plan per namespace.
 * Status moves DISABLED → ENABLED (validated) → ACTIVE (the active one becoming ENABLED), back to
 * DISABLED from ENABLED, out of ACTIVE only when forced; contents change only while DISABLED.
 */
public final class ResourcePlans {

    /** HMS's hive.metastore.wm.default.pool.size when nothing sets it. */
    static final int DEFAULT_POOL_SIZE = 4;

    static final String DEFAULT_POOL = "default";

    private final PlanStore store = new PlanStore();

    public void create(CatalogClient client, WMResourcePlan requested, String copyFrom) {
        String name = HiveNames.normalize(requested.getName());
        if (name.isEmpty()) {
            throw WorkloadManagementWords.planNameEmpty();
        }
        WMFullResourcePlan created;
        if (copyFrom == null) {
            if (requested.isSetQueryParallelism() && requested.getQueryParallelism() <= 0) {
                throw WorkloadManagementWords.planParallelismNotPositive();
            }
            WMResourcePlan plan = new WMResourcePlan(name);
            plan.setStatus(WMResourcePlanStatus.DISABLED);
            plan.setNs(requested.getNs());
            if (requested.isSetQueryParallelism()) {
                plan.setQueryParallelism(requested.getQueryParallelism());
            }
            created = new WMFullResourcePlan(plan, new ArrayList<>());
            int poolSize = requested.isSetQueryParallelism() ? requested.getQueryParallelism() : DEFAULT_POOL_SIZE;
            WMPool pool = new WMPool(name, DEFAULT_POOL);
            pool.setAllocFraction(1.0);
            pool.setQueryParallelism(poolSize);
            created.addToPools(pool);
            plan.setDefaultPoolPath(DEFAULT_POOL);
        } else {
            WMFullResourcePlan source =
                    existing(client, copyFrom, requested.getNs()).value();
            created = source.deepCopy();
            created.getPlan().setName(name);
            created.getPlan().setStatus(WMResourcePlanStatus.DISABLED);
        }
        WMFullResourcePlan toKeep = created;
        CatalogFailures.rewording(
                () -> {
                    PlanStore.write(client, List.of(store.create(toKeep)));
                    return null;
                },
                failure -> WorkloadManagementWords.planExists(),
                ErrorReason.OPAQUE_OBJECT_ALREADY_EXISTS);
    }

    public WMFullResourcePlan get(CatalogClient client, String name, String ns) {
        return PlanViews.answer(existing(client, name, ns).value());
    }

    public List<WMResourcePlan> all(CatalogClient client, String ns) {
        return store.inNamespace(client, PlanStore.lookupNs(ns)).stream()
                .map(kept -> kept.value().getPlan())
                .toList();
    }

    /** The active plan of the namespace, or null when none is. */
    public WMFullResourcePlan active(CatalogClient client, String ns) {
        return store.activeIn(client, PlanStore.lookupNs(ns))
                .map(kept -> PlanViews.answer(kept.value()))
                .orElse(null);
    }

    public WMValidateResourcePlanResponse validate(CatalogClient client, String name, String ns) {
        // HMS looks the plan up under the namespace exactly as given here, unset included.
        String normalized = HiveNames.normalize(name);
        return store.findStored(client, normalized, ns)
                .map(kept -> PlanValidation.check(kept.value()))
                .orElseThrow(() -> WorkloadManagementWords.noPlanToValidate(normalized, ns));
    }

    public void drop(CatalogClient client, String name, String ns) {
        String normalized = HiveNames.normalize(name);
        Kept<WMFullResourcePlan> kept =
                store.find(client, normalized, ns).orElseThrow(() -> WorkloadManagementWords.noPlan(normalized, ns));
        if (kept.value().getPlan().getStatus() == WMResourcePlanStatus.ACTIVE) {
            throw WorkloadManagementWords.dropActive();
        }
        // The plan's pools, triggers and mappings are part of it: they go with it.
        PlanStore.write(client, List.of(store.delete(kept.value(), kept.version())));
    }

    /** A plan's contents changed by {@code change}, which HMS allows only while the plan is disabled. */
    public void edit(CatalogClient client, String name, String ns, PlanChange change) {
        Kept<WMFullResourcePlan> kept = existing(client, name, ns);
        if (kept.value().getPlan().getStatus() != WMResourcePlanStatus.DISABLED) {
            throw WorkloadManagementWords.notDisabled();
        }
        WMFullResourcePlan changed = kept.value().deepCopy();
        change.apply(changed);
        PlanStore.write(client, List.of(store.replace(changed, kept.version())));
    }

    /** A change to a plan's contents, refused by throwing HMS's failure. */
    @FunctionalInterface
    public interface PlanChange {
        void apply(WMFullResourcePlan plan);
    }

    Kept<WMFullResourcePlan> existing(CatalogClient client, String name, String ns) {
        String normalized = HiveNames.normalize(name);
        return store.find(client, normalized, ns)
                .orElseThrow(() -> WorkloadManagementWords.noPlan(normalized, PlanStore.lookupNs(ns)));
    }

    PlanStore store() {
        return store;
    }
}
