package dev.lakegate.hms.handler.workload;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.WMFullResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMPool;
import org.apache.hadoop.hive.metastore.api.WMResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMValidateResourcePlanResponse;

/**
 * HMS 4.0.1's checks of a plan, as validate_resource_plan answers them and as enabling a disabled plan
 * requires them (errors refuse, warnings do not): query parallelism, scheduling policies, and the pool
 * tree's alloc fractions (the root's children sum to 1, any other pool's children to less than 1).
 * Triggers' expressions are not checked (HMS's counters are not known to the metastore).
 */
final class PlanValidation {

    private PlanValidation() {}

    /** A pool path's fill: whether the pool exists, whether it has children, their fractions' sum. */
    private static final class PoolFacts {
        boolean found;
        boolean hasChildren;
        double childrenFraction;
    }

    static WMValidateResourcePlanResponse check(WMFullResourcePlan full) {
        WMValidateResourcePlanResponse response = new WMValidateResourcePlanResponse();
        response.setErrors(new ArrayList<>());
        response.setWarnings(new ArrayList<>());
        WMResourcePlan plan = full.getPlan();
        Integer planParallelism = plan.isSetQueryParallelism() ? plan.getQueryParallelism() : null;
        if (planParallelism != null && planParallelism < 1) {
            response.addToErrors("Query parallelism should for resource plan be positive. Got: " + planParallelism);
        }
        int total = 0;
        // HMS walks a HashMap of the paths: the same map, filled in the same order, lists in the same order.
        Map<String, PoolFacts> facts = new HashMap<>();
        for (WMPool pool : full.getPools()) {
            facts.computeIfAbsent(pool.getPoolPath(), p -> new PoolFacts()).found = true;
            PoolFacts parent = facts.computeIfAbsent(parentOf(pool.getPoolPath(), ""), p -> new PoolFacts());
            parent.hasChildren = true;
            parent.childrenFraction += pool.getAllocFraction();
            if (pool.getQueryParallelism() < 1) {
                response.addToErrors("Invalid query parallelism for pool: " + pool.getPoolPath());
            } else {
                total += pool.getQueryParallelism();
            }
            if (!validPolicy(pool.getSchedulingPolicy())) {
                response.addToErrors(
                        "Invalid scheduling policy " + pool.getSchedulingPolicy() + " for pool: " + pool.getPoolPath());
            }
        }
        if (planParallelism != null) {
            if (planParallelism < total) {
                response.addToErrors("Sum of all pools' query parallelism: " + total
                        + " exceeds resource plan query parallelism: " + planParallelism);
            } else if (planParallelism != total) {
                response.addToWarnings("Sum of all pools' query parallelism: " + total
                        + " is less than resource plan query parallelism: " + planParallelism);
            }
        }
        facts.forEach((path, pool) -> {
            boolean root = path.isEmpty();
            if (root) {
                pool.found = true;
                if (!pool.hasChildren) {
                    response.addToErrors("Root has no children");
                } else if (Math.abs(1.0 - pool.childrenFraction) > 0.001) {
                    response.addToErrors("Sum of root children pools' alloc fraction should be 1.0 got: "
                            + pool.childrenFraction + " for pool: " + path);
                }
            }
            if (!pool.found) {
                response.addToErrors("Pool does not exists but has children: " + path);
            }
            if (pool.hasChildren && !root && 1.0 <= pool.childrenFraction) {
                response.addToErrors("Sum of children pools' alloc fraction should be less than 1 got: "
                        + pool.childrenFraction + " for pool: " + path);
            }
        });
        return response;
    }

    /** The parent's path of a pool: what precedes its last dot, or {@code none} for a top-level pool. */
    static String parentOf(String path, String none) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? none : path.substring(0, dot);
    }

    /** HMS's scheduling policies: unset, "default", "fair" or "fifo", in any case and spacing. */
    static boolean validPolicy(String policy) {
        if (policy == null) {
            return true;
        }
        String name = policy.trim().toUpperCase(Locale.ROOT);
        return name.equals("DEFAULT") || name.equals("FAIR") || name.equals("FIFO");
    }
}
