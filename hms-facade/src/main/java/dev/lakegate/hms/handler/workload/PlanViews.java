package dev.lakegate.hms.handler.workload;

import java.util.ArrayList;
import org.apache.hadoop.hive.metastore.api.WMFullResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMMapping;
import org.apache.hadoop.hive.metastore.api.WMPool;
import org.apache.hadoop.hive.metastore.api.WMTrigger;

/**
 * A kept plan as HMS answers it: its pools, triggers and mappings carry the plan's name and namespace
 * (HMS fills them from the plan they belong to, so a renamed plan's contents say the new name), and a
 * plan without triggers, mappings or trigger-to-pool links leaves those lists unset, as HMS's store does.
 */
final class PlanViews {

    private PlanViews() {}

    /** A copy whose contents carry the plan's name and namespace, every list present (for keeping). */
    static WMFullResourcePlan stamped(WMFullResourcePlan plan) {
        WMFullResourcePlan copy = plan.deepCopy();
        String name = copy.getPlan().getName();
        String ns = copy.getPlan().getNs();
        if (!copy.isSetPools()) {
            copy.setPools(new ArrayList<>());
        }
        if (!copy.isSetTriggers()) {
            copy.setTriggers(new ArrayList<>());
        }
        if (!copy.isSetMappings()) {
            copy.setMappings(new ArrayList<>());
        }
        if (!copy.isSetPoolTriggers()) {
            copy.setPoolTriggers(new ArrayList<>());
        }
        for (WMPool pool : copy.getPools()) {
            pool.setResourcePlanName(name);
            pool.setNs(ns);
        }
        for (WMTrigger trigger : copy.getTriggers()) {
            trigger.setResourcePlanName(name);
            trigger.setNs(ns);
        }
        for (WMMapping mapping : copy.getMappings()) {
            mapping.setResourcePlanName(name);
            mapping.setNs(ns);
        }
        return copy;
    }

    /** The plan as HMS answers it. */
    static WMFullResourcePlan answer(WMFullResourcePlan kept) {
        WMFullResourcePlan answer = stamped(kept);
        if (answer.getTriggers().isEmpty()) {
            answer.unsetTriggers();
        }
        if (answer.getMappings().isEmpty()) {
            answer.unsetMappings();
        }
        if (answer.getPoolTriggers().isEmpty()) {
            answer.unsetPoolTriggers();
        }
        return answer;
    }
}
