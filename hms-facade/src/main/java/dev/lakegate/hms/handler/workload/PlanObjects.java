package dev.lakegate.hms.handler.workload;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.WMFullResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMMapping;
import org.apache.hadoop.hive.metastore.api.WMNullablePool;
import org.apache.hadoop.hive.metastore.api.WMPool;
import org.apache.hadoop.hive.metastore.api.WMTrigger;

/**
 * The pools, triggers, mappings and trigger-to-pool links of resource plans: each a change of its
 * plan, which must exist in the namespace and be disabled (HMS edits no enabled or active plan), made
 * as one write at the version read. Only the listing of triggers reads a plan in any status.
 */
public final class PlanObjects {

    private final ResourcePlans plans;

    public PlanObjects(ResourcePlans plans) {
        this.plans = requireNonNull(plans, "plans is null");
    }

    public void createPool(CatalogClient client, WMPool pool) {
        plans.edit(client, pool.getResourcePlanName(), pool.getNs(), plan -> PlanContents.createPool(plan, pool));
    }

    public void alterPool(CatalogClient client, WMNullablePool pool, String path) {
        plans.edit(client, pool.getResourcePlanName(), pool.getNs(), plan -> PlanContents.alterPool(plan, pool, path));
    }

    public void dropPool(CatalogClient client, String planName, String path, String ns) {
        plans.edit(client, planName, ns, plan -> PlanContents.dropPool(plan, path));
    }

    public void createTrigger(CatalogClient client, WMTrigger trigger) {
        plans.edit(
                client,
                trigger.getResourcePlanName(),
                trigger.getNs(),
                plan -> PlanContents.createTrigger(plan, trigger));
    }

    public void alterTrigger(CatalogClient client, WMTrigger trigger) {
        plans.edit(
                client,
                trigger.getResourcePlanName(),
                trigger.getNs(),
                plan -> PlanContents.alterTrigger(plan, trigger));
    }

    public void dropTrigger(CatalogClient client, String planName, String triggerName, String ns) {
        plans.edit(client, planName, ns, plan -> PlanContents.dropTrigger(plan, triggerName));
    }

    public List<WMTrigger> triggers(CatalogClient client, String planName, String ns) {
        WMFullResourcePlan plan = plans.get(client, planName, ns);
        return plan.isSetTriggers() ? plan.getTriggers() : List.of();
    }

    public void createOrUpdateMapping(CatalogClient client, WMMapping mapping, boolean update) {
        PlanContents.entityType(mapping.getEntityType());
        plans.edit(
                client,
                mapping.getResourcePlanName(),
                mapping.getNs(),
                plan -> PlanContents.createOrUpdateMapping(plan, mapping, update));
    }

    public void dropMapping(CatalogClient client, WMMapping mapping) {
        PlanContents.entityType(mapping.getEntityType());
        plans.edit(
                client,
                mapping.getResourcePlanName(),
                mapping.getNs(),
                plan -> PlanContents.dropMapping(plan, mapping));
    }

    public void linkTrigger(
            CatalogClient client, String planName, String triggerName, String poolPath, boolean drop, String ns) {
        plans.edit(client, planName, ns, plan -> PlanContents.linkTrigger(plan, triggerName, poolPath, drop));
    }
}
