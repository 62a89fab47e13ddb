package dev.lakegate.hms.handler.workload;

import dev.lakegate.translator.error.WorkloadManagementWords;
import dev.lakegate.translator.names.HiveNames;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.WMFullResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMMapping;
import org.apache.hadoop.hive.metastore.api.WMNullablePool;
import org.apache.hadoop.hive.metastore.api.WMPool;
import org.apache.hadoop.hive.metastore.api.WMPoolTrigger;
import org.apache.hadoop.hive.metastore.api.WMTrigger;

/**
 * A plan's pools, triggers, mappings and trigger-to-pool links as HMS 4.0.1's store changes them: a
 * pool's path is kept as given and found lower-case, its parent ("a" of "a.b") must exist; a trigger's
 * name is lower-case; a mapping is one per entity type and name (lower-case), pointing at an existing
 * pool or at none. Each change is made on the plan's copy that the caller writes back at its version.
 */
final class PlanContents {

    private PlanContents() {}

    static WMPool pool(WMFullResourcePlan plan, String path) {
        String wanted = HiveNames.normalize(path);
        return plan.getPools().stream()
                .filter(pool -> pool.getPoolPath().equals(wanted))
                .findFirst()
                .orElseThrow(() -> WorkloadManagementWords.noPool(wanted));
    }

    static WMTrigger trigger(WMFullResourcePlan plan, String name) {
        String wanted = HiveNames.normalize(name);
        return plan.getTriggers().stream()
                .filter(trigger -> trigger.getTriggerName().equals(wanted))
                .findFirst()
                .orElseThrow(() -> WorkloadManagementWords.noTrigger(wanted));
    }

    static void createPool(WMFullResourcePlan plan, WMPool requested) {
        if (!parentExists(plan, requested.getPoolPath())) {
            throw WorkloadManagementWords.poolParentMissing();
        }
        if (!PlanValidation.validPolicy(requested.getSchedulingPolicy())) {
            throw WorkloadManagementWords.invalidPolicy(requested.getSchedulingPolicy());
        }
        if (plan.getPools().stream().anyMatch(pool -> pool.getPoolPath().equals(requested.getPoolPath()))) {
            throw WorkloadManagementWords.poolExists();
        }
        WMPool pool = new WMPool(plan.getPlan().getName(), requested.getPoolPath());
        // HMS keeps the numbers unboxed from the request: unset ones are 0.
        pool.setAllocFraction(requested.getAllocFraction());
        pool.setQueryParallelism(requested.getQueryParallelism());
        pool.setSchedulingPolicy(requested.getSchedulingPolicy());
        plan.addToPools(pool);
    }

    static void alterPool(WMFullResourcePlan plan, WMNullablePool changes, String path) {
        WMPool pool = pool(plan, path);
        if (changes.isSetAllocFraction()) {
            pool.setAllocFraction(changes.getAllocFraction());
        }
        if (changes.isSetQueryParallelism()) {
            pool.setQueryParallelism(changes.getQueryParallelism());
        }
        if (changes.isSetIsSetSchedulingPolicy() && changes.isIsSetSchedulingPolicy()) {
            if (changes.isSetSchedulingPolicy()) {
                if (!PlanValidation.validPolicy(changes.getSchedulingPolicy())) {
                    throw WorkloadManagementWords.invalidPolicy(changes.getSchedulingPolicy());
                }
                pool.setSchedulingPolicy(changes.getSchedulingPolicy());
            } else {
                pool.unsetSchedulingPolicy();
            }
        }
        if (changes.isSetPoolPath() && !changes.getPoolPath().equals(pool.getPoolPath())) {
            move(plan, pool.getPoolPath(), changes.getPoolPath());
            pool.setPoolPath(changes.getPoolPath());
        }
    }

    /** A pool's path changed: its descendants, and what names its path, follow. */
    private static void move(WMFullResourcePlan plan, String from, String to) {
        if (!parentExists(plan, to)) {
            throw WorkloadManagementWords.poolParentMissing();
        }
        String below = from + ".";
        for (WMPool pool : plan.getPools()) {
            if (pool.getPoolPath().startsWith(below)) {
                pool.setPoolPath(to + pool.getPoolPath().substring(from.length()));
            }
        }
        for (WMMapping mapping : plan.getMappings()) {
            if (mapping.isSetPoolPath()) {
                mapping.setPoolPath(moved(mapping.getPoolPath(), from, to));
            }
        }
        for (WMPoolTrigger link : plan.getPoolTriggers()) {
            link.setPool(moved(link.getPool(), from, to));
        }
        if (plan.getPlan().isSetDefaultPoolPath()) {
            plan.getPlan().setDefaultPoolPath(moved(plan.getPlan().getDefaultPoolPath(), from, to));
        }
    }

    private static String moved(String path, String from, String to) {
        if (path.equals(from)) {
            return to;
        }
        return path.startsWith(from + ".") ? to + path.substring(from.length()) : path;
    }

    static void dropPool(WMFullResourcePlan plan, String path) {
        String dropped = HiveNames.normalize(path);
        if (plan.getPlan().isSetDefaultPoolPath()
                && plan.getPlan().getDefaultPoolPath().equals(dropped)) {
            throw WorkloadManagementWords.dropDefaultPool();
        }
        if (plan.getPools().stream().anyMatch(pool -> pool.getPoolPath().startsWith(dropped + "."))) {
            throw WorkloadManagementWords.dropPoolWithChildren();
        }
        // HMS deletes the pools whose path starts with the given one and wants exactly one gone.
        if (plan.getPools().stream()
                        .filter(pool -> pool.getPoolPath().startsWith(dropped))
                        .count()
                != 1) {
            throw WorkloadManagementWords.noPoolToDrop(dropped);
        }
        if (plan.getMappings().stream().anyMatch(m -> dropped.equals(m.getPoolPath()))) {
            throw WorkloadManagementWords.dropPoolWithMappings();
        }
        plan.getPools().removeIf(pool -> pool.getPoolPath().startsWith(dropped));
        plan.getPoolTriggers().removeIf(link -> link.getPool().equals(dropped));
    }

    static void createTrigger(WMFullResourcePlan plan, WMTrigger requested) {
        String name = HiveNames.normalize(requested.getTriggerName());
        if (plan.getTriggers().stream()
                .anyMatch(trigger -> trigger.getTriggerName().equals(name))) {
            throw WorkloadManagementWords.triggerExists();
        }
        WMTrigger trigger = new WMTrigger(plan.getPlan().getName(), name);
        trigger.setTriggerExpression(requested.getTriggerExpression());
        trigger.setActionExpression(requested.getActionExpression());
        trigger.setIsInUnmanaged(requested.isSetIsInUnmanaged() && requested.isIsInUnmanaged());
        plan.addToTriggers(trigger);
    }

    static void alterTrigger(WMFullResourcePlan plan, WMTrigger changes) {
        WMTrigger trigger = trigger(plan, changes.getTriggerName());
        if (changes.isSetTriggerExpression()) {
            trigger.setTriggerExpression(changes.getTriggerExpression());
        }
        if (changes.isSetActionExpression()) {
            trigger.setActionExpression(changes.getActionExpression());
        }
        if (changes.isSetIsInUnmanaged()) {
            trigger.setIsInUnmanaged(changes.isIsInUnmanaged());
        }
    }

    static void dropTrigger(WMFullResourcePlan plan, String name) {
        String dropped = HiveNames.normalize(name);
        if (!plan.getTriggers().removeIf(trigger -> trigger.getTriggerName().equals(dropped))) {
            throw WorkloadManagementWords.noTriggerToDrop(dropped);
        }
        plan.getPoolTriggers().removeIf(link -> link.getTrigger().equals(dropped));
    }

    static void createOrUpdateMapping(WMFullResourcePlan plan, WMMapping requested, boolean update) {
        String type = entityType(requested.getEntityType());
        String entity = HiveNames.normalize(requested.getEntityName());
        String poolPath =
                requested.isSetPoolPath() ? pool(plan, requested.getPoolPath()).getPoolPath() : null;
        WMMapping existing = plan.getMappings().stream()
                .filter(m -> m.getEntityType().equals(type) && m.getEntityName().equals(entity))
                .findFirst()
                .orElse(null);
        if (update) {
            if (existing == null) {
                throw WorkloadManagementWords.noMappingToUpdate();
            }
            existing.setPoolPath(poolPath);
            return;
        }
        if (existing != null) {
            throw WorkloadManagementWords.mappingExists(type, entity);
        }
        WMMapping mapping = new WMMapping(plan.getPlan().getName(), type, entity);
        mapping.setPoolPath(poolPath);
        mapping.setOrdering(requested.getOrdering());
        plan.addToMappings(mapping);
    }

    static void dropMapping(WMFullResourcePlan plan, WMMapping requested) {
        String type = entityType(requested.getEntityType());
        String entity = HiveNames.normalize(requested.getEntityName());
        if (!plan.getMappings()
                .removeIf(
                        m -> m.getEntityType().equals(type) && m.getEntityName().equals(entity))) {
            throw WorkloadManagementWords.noMappingToDrop();
        }
    }

    static void linkTrigger(WMFullResourcePlan plan, String triggerName, String poolPath, boolean drop) {
        String pool = pool(plan, poolPath).getPoolPath();
        String trigger = trigger(plan, triggerName).getTriggerName();
        plan.getPoolTriggers()
                .removeIf(
                        link -> link.getPool().equals(pool) && link.getTrigger().equals(trigger));
        if (!drop) {
            plan.addToPoolTriggers(new WMPoolTrigger(pool, trigger));
        }
    }

    /** Whether the pool's parent exists: a top-level pool has none to need. */
    private static boolean parentExists(WMFullResourcePlan plan, String path) {
        String parent = PlanValidation.parentOf(path, null);
        if (parent == null) {
            return true;
        }
        String wanted = HiveNames.normalize(parent);
        return plan.getPools().stream().anyMatch(pool -> pool.getPoolPath().equals(wanted));
    }

    /** HMS's entity types, checked before the plan is looked up. */
    static String entityType(String requested) {
        String type = requested.trim().toUpperCase(Locale.ROOT);
        if (!type.equals("USER") && !type.equals("GROUP") && !type.equals("APPLICATION")) {
            throw WorkloadManagementWords.unknownEntityType(type);
        }
        return type;
    }
}
