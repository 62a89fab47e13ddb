package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.WMMapping;
import org.apache.hadoop.hive.metastore.api.WMNullablePool;
import org.apache.hadoop.hive.metastore.api.WMNullableResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMPool;
import org.apache.hadoop.hive.metastore.api.WMResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMResourcePlanStatus;
import org.apache.hadoop.hive.metastore.api.WMTrigger;
import org.junit.jupiter.api.Test;

/**
 * Workload management (Hive 4's client, namespaces): resource plans with their pools, triggers, mappings
 * and trigger-to-pool links, as `CREATE RESOURCE PLAN`, `ALTER RESOURCE PLAN ... ENABLE/ACTIVATE/REPLACE`,
 * `CREATE POOL`, `CREATE TRIGGER`, `CREATE USER MAPPING` keep them. Each scenario works in a namespace of
 * its own, so that its active plan and its listings are its own.
 */
public abstract class WorkloadManagementScenarios extends ScenarioSupport {

    /** A call that answers nothing. */
    @FunctionalInterface
    private interface VoidCall {
        void apply(IMetaStoreClient c) throws Exception;
    }

    private Outcome done(VoidCall call) {
        return outcome(c -> {
            call.apply(c);
            return null;
        });
    }

    private static String namespace() {
        return unique("wm_ns").toLowerCase(Locale.ROOT);
    }

    private static String planName() {
        return unique("plan").toLowerCase(Locale.ROOT);
    }

    private static WMResourcePlan plan(String name, String ns, Integer parallelism) {
        WMResourcePlan plan = new WMResourcePlan(name);
        plan.setNs(ns);
        if (parallelism != null) {
            plan.setQueryParallelism(parallelism);
        }
        return plan;
    }

    private Outcome create(WMResourcePlan plan, String copyFrom) {
        return done(c -> c.createResourcePlan(plan, copyFrom));
    }

    private String created(String ns, Integer parallelism) {
        String name = planName();
        succeeded(create(plan(name, ns, parallelism), null));
        return name;
    }

    private Outcome get(String name, String ns) {
        return outcome(c -> c.getResourcePlan(name, ns));
    }

    private Outcome alter(
            String name,
            String ns,
            WMNullableResourcePlan changes,
            boolean enableAndActivate,
            boolean forceDeactivate,
            boolean replace) {
        return outcome(c -> c.alterResourcePlan(name, ns, changes, enableAndActivate, forceDeactivate, replace));
    }

    private static WMNullableResourcePlan status(WMResourcePlanStatus status) {
        WMNullableResourcePlan changes = new WMNullableResourcePlan();
        changes.setStatus(status);
        return changes;
    }

    private static WMPool pool(String plan, String ns, String path, double fraction, int parallelism) {
        WMPool pool = new WMPool(plan, path);
        pool.setNs(ns);
        pool.setAllocFraction(fraction);
        pool.setQueryParallelism(parallelism);
        return pool;
    }

    private Outcome createPool(WMPool pool) {
        return done(c -> c.createWMPool(pool));
    }

    private Outcome alterPool(String plan, String ns, String path, WMNullablePool changes) {
        changes.setResourcePlanName(plan);
        changes.setNs(ns);
        if (!changes.isSetPoolPath()) {
            changes.setPoolPath(path); // required by the struct: the same path moves nothing
        }
        return done(c -> c.alterWMPool(changes, path));
    }

    private Outcome dropPool(String plan, String ns, String path) {
        return done(c -> c.dropWMPool(plan, path, ns));
    }

    private static WMTrigger trigger(String plan, String ns, String name) {
        WMTrigger trigger = new WMTrigger(plan, name);
        trigger.setNs(ns);
        trigger.setTriggerExpression("ELAPSED_TIME > 10000");
        trigger.setActionExpression("KILL");
        return trigger;
    }

    private Outcome createTrigger(WMTrigger trigger) {
        return done(c -> c.createWMTrigger(trigger));
    }

    private static WMMapping mapping(String plan, String ns, String type, String entity, String pool) {
        WMMapping mapping = new WMMapping(plan, type, entity);
        mapping.setNs(ns);
        if (pool != null) {
            mapping.setPoolPath(pool);
        }
        return mapping;
    }

    private Outcome putMapping(WMMapping mapping, boolean update) {
        return done(c -> c.createOrUpdateWMMapping(mapping, update));
    }

    private Outcome link(String plan, String ns, String trigger, String pool, boolean drop) {
        return done(c -> c.createOrDropTriggerToPoolMapping(plan, trigger, pool, drop, ns));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> head(Map<String, Object> full) {
        return (Map<String, Object>) full.get("plan");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Map<String, Object> full, String field) {
        Object value = full.get(field);
        return value == null ? List.of() : (List<Map<String, Object>>) value;
    }

    private static List<Object> paths(Map<String, Object> full) {
        return list(full, "pools").stream().map(p -> p.get("poolPath")).sorted().toList();
    }

    // ---- plans

    @Test
    void aCreatedPlanIsDisabledWithADefaultPoolOfItsParallelism() {
        String ns = namespace();
        String name = created(ns, 5);
        Map<String, Object> full = answer(get(name, ns));
        assertThat(head(full))
                .containsEntry("name", name)
                .containsEntry("status", "DISABLED")
                .containsEntry("queryParallelism", 5)
                .containsEntry("defaultPoolPath", "default")
                .containsEntry("ns", ns);
        assertThat(list(full, "pools"))
                .singleElement()
                .satisfies(pool -> assertThat(pool)
                        .containsEntry("poolPath", "default")
                        .containsEntry("allocFraction", 1.0)
                        .containsEntry("queryParallelism", 5));
    }

    @Test
    void aPlanWithoutParallelismHasADefaultPoolOfFour() {
        String ns = namespace();
        String name = created(ns, null);
        Map<String, Object> full = answer(get(name, ns));
        assertThat(head(full)).doesNotContainKey("queryParallelism");
        assertThat(list(full, "pools"))
                .singleElement()
                .satisfies(pool -> assertThat(pool).containsEntry("queryParallelism", 4));
    }

    @Test
    void aPlanNameIsKeptLowerCase() {
        String ns = namespace();
        String name = unique("Plan_Mixed");
        succeeded(create(plan(name, ns, 2), null));
        assertThat(head(answer(get(name, ns)))).containsEntry("name", name.toLowerCase(Locale.ROOT));
    }

    @Test
    void creatingAnExistingPlanFails() {
        String ns = namespace();
        String name = created(ns, 2);
        assertFails(create(plan(name, ns, 3), null), "AlreadyExistsException", "Resource plan already exists: ");
    }

    @Test
    void aPlanOfABlankNameIsRefused() {
        assertFails(
                create(plan("  ", namespace(), 2), null), "InvalidObjectException", "Resource name cannot be empty.");
    }

    @Test
    void aPlanOfNoParallelismIsRefused() {
        assertFails(
                create(plan(planName(), namespace(), 0), null),
                "InvalidObjectException",
                "Query parallelism should be positive.");
    }

    @Test
    void aMissingPlanIsNoSuchObject() {
        String ns = namespace();
        String name = planName();
        assertFails(get(name, ns), "NoSuchObjectException", "There is no resource plan named: " + name + " in " + ns);
    }

    @Test
    void theNamespaceListsItsPlansOnly() {
        String ns = namespace();
        String first = created(ns, 1);
        String second = created(ns, 2);
        Outcome listed = outcome(c -> c.getAllResourcePlans(ns));
        succeeded(listed);
        assertThat(String.valueOf(listed.value())).contains(first, second);
        Outcome other = outcome(c -> c.getAllResourcePlans(namespace()));
        assertThat((List<?>) other.value()).isEmpty();
    }

    @Test
    void aCopyTakesThePlansContents() {
        String ns = namespace();
        String source = created(ns, 3);
        succeeded(createPool(pool(source, ns, "etl", 0.0, 1)));
        succeeded(createTrigger(trigger(source, ns, "slow")));
        succeeded(putMapping(mapping(source, ns, "USER", "alice", "etl"), false));
        succeeded(link(source, ns, "slow", "etl", false));
        String copy = planName();
        succeeded(create(plan(copy, ns, null), source));
        Map<String, Object> full = answer(get(copy, ns));
        assertThat(head(full)).containsEntry("status", "DISABLED").containsEntry("queryParallelism", 3);
        assertThat(paths(full)).containsExactly("default", "etl");
        assertThat(list(full, "triggers"))
                .singleElement()
                .satisfies(t ->
                        assertThat(t).containsEntry("triggerName", "slow").containsEntry("resourcePlanName", copy));
        assertThat(list(full, "mappings"))
                .singleElement()
                .satisfies(
                        m -> assertThat(m).containsEntry("entityName", "alice").containsEntry("poolPath", "etl"));
        assertThat(list(full, "poolTriggers")).hasSize(1);
    }

    @Test
    void aCopyOfAMissingPlanFails() {
        String ns = namespace();
        String missing = planName();
        Outcome copied = create(plan(planName(), ns, null), missing);
        // create_resource_plan does not declare NoSuchObjectException: HMS answers an internal error
        assertUndeclared(
                copied,
                "create_resource_plan",
                "MetaException",
                "There is no resource plan named: " + missing + " in " + ns);
    }

    // ---- status

    @Test
    void enablingAndActivatingMakesThePlanTheActiveOne() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(alter(name, ns, status(WMResourcePlanStatus.ENABLED), false, false, false));
        Map<String, Object> activated =
                answer(alter(name, ns, status(WMResourcePlanStatus.ACTIVE), false, false, false));
        assertThat(head(activated)).containsEntry("status", "ACTIVE");
        assertThat(head(answer(outcome(c -> c.getActiveResourcePlan(ns))))).containsEntry("name", name);
    }

    @Test
    void aDisabledPlanIsActivatedOnlyWithEnableAndActivate() {
        String ns = namespace();
        String name = created(ns, 4);
        assertFails(
                alter(name, ns, status(WMResourcePlanStatus.ACTIVE), false, false, false),
                "InvalidOperationException",
                "Resource plan " + name
                        + " is disabled and should be enabled before activation (or in the same command)");
        Map<String, Object> activated =
                answer(alter(name, ns, status(WMResourcePlanStatus.ACTIVE), true, false, false));
        assertThat(head(activated)).containsEntry("status", "ACTIVE");
    }

    @Test
    void activatingAnotherPlanEnablesTheActiveOne() {
        String ns = namespace();
        String first = created(ns, 4);
        String second = created(ns, 4);
        succeeded(alter(first, ns, status(WMResourcePlanStatus.ACTIVE), true, false, false));
        succeeded(alter(second, ns, status(WMResourcePlanStatus.ACTIVE), true, false, false));
        assertThat(head(answer(get(first, ns)))).containsEntry("status", "ENABLED");
        assertThat(head(answer(get(second, ns)))).containsEntry("status", "ACTIVE");
        assertThat(head(answer(outcome(c -> c.getActiveResourcePlan(ns))))).containsEntry("name", second);
    }

    @Test
    void anActivePlanLeavesOnlyWhenForced() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(alter(name, ns, status(WMResourcePlanStatus.ACTIVE), true, false, false));
        assertFails(
                alter(name, ns, status(WMResourcePlanStatus.DISABLED), false, false, false),
                "InvalidOperationException",
                "Resource plan " + name + " is active; activate another plan first, or disable workload management.");
        succeeded(alter(name, ns, status(WMResourcePlanStatus.DISABLED), false, true, false));
        assertThat(head(answer(get(name, ns)))).containsEntry("status", "DISABLED");
        assertThat(outcome(c -> c.getActiveResourcePlan(ns)).value()).isNull();
    }

    @Test
    void anInvalidPlanIsNotEnabled() {
        String ns = namespace();
        String name = created(ns, null);
        succeeded(createPool(pool(name, ns, "etl", 0.5, 1)));
        assertFails(
                alter(name, ns, status(WMResourcePlanStatus.ENABLED), false, false, false),
                "InvalidOperationException",
                "ResourcePlan: " + name + " is invalid: [Sum of root children pools' alloc fraction should be 1.0 got: "
                        + "1.5 for pool: ]");
    }

    @Test
    void twoFlagsAtOnceAreRefused() {
        String ns = namespace();
        String name = created(ns, 4);
        assertFails(
                alter(name, ns, status(WMResourcePlanStatus.ACTIVE), true, true, false),
                "MetaException",
                "Invalid request; multiple flags are set");
    }

    @Test
    void anEnabledPlanIsNotEdited() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(alter(name, ns, status(WMResourcePlanStatus.ENABLED), false, false, false));
        WMNullableResourcePlan changes = new WMNullableResourcePlan();
        changes.setQueryParallelism(8);
        changes.setIsSetQueryParallelism(true);
        assertFails(
                alter(name, ns, changes, false, false, false),
                "InvalidOperationException",
                "Resource plan must be disabled to edit it.");
        // create_wm_pool does not declare InvalidOperationException: HMS answers an internal error
        assertUndeclared(
                createPool(pool(name, ns, "etl", 0.0, 1)),
                "create_wm_pool",
                "MetaException",
                "Resource plan must be disabled to edit it.");
    }

    @Test
    void aRenamedPlanKeepsItsContents() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(createTrigger(trigger(name, ns, "slow")));
        String renamed = planName();
        WMNullableResourcePlan changes = new WMNullableResourcePlan();
        changes.setName(renamed);
        succeeded(alter(name, ns, changes, false, false, false));
        Map<String, Object> full = answer(get(renamed, ns));
        assertThat(list(full, "triggers"))
                .singleElement()
                .satisfies(t -> assertThat(t).containsEntry("resourcePlanName", renamed));
        assertThat(get(name, ns).exceptionType()).isEqualTo("NoSuchObjectException");
    }

    @Test
    void aParallelismAndDefaultPoolAreAltered() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(createPool(pool(name, ns, "etl", 0.0, 1)));
        WMNullableResourcePlan changes = new WMNullableResourcePlan();
        changes.setQueryParallelism(9);
        changes.setIsSetQueryParallelism(true);
        changes.setDefaultPoolPath("etl");
        changes.setIsSetDefaultPoolPath(true);
        succeeded(alter(name, ns, changes, false, false, false));
        assertThat(head(answer(get(name, ns))))
                .containsEntry("queryParallelism", 9)
                .containsEntry("defaultPoolPath", "etl");
        WMNullableResourcePlan missing = new WMNullableResourcePlan();
        missing.setDefaultPoolPath("nowhere");
        missing.setIsSetDefaultPoolPath(true);
        assertFails(
                alter(name, ns, missing, false, false, false), "NoSuchObjectException", "Cannot find pool: nowhere");
    }

    @Test
    void aReplacementTakesTheActivePlansNameAndStatus() throws Exception {
        String ns = namespace();
        String active = created(ns, 4);
        succeeded(alter(active, ns, status(WMResourcePlanStatus.ACTIVE), true, false, false));
        String next = created(ns, 4);
        succeeded(createTrigger(trigger(next, ns, "slow")));
        Map<String, Object> replaced = answer(alter(next, ns, status(WMResourcePlanStatus.ACTIVE), false, false, true));
        assertThat(head(replaced)).containsEntry("name", active).containsEntry("status", "ACTIVE");
        assertThat(list(replaced, "triggers")).hasSize(1);
        // the replaced plan is kept under a name with the time in it: each target's own
        List<WMResourcePlan> plans = direct.getAllResourcePlans(ns);
        assertThat(plans)
                .extracting(WMResourcePlan::getName)
                .hasSize(2)
                .contains(active)
                .anySatisfy(n -> assertThat(n).startsWith(active + "_old_"))
                .doesNotContain(next);
    }

    @Test
    void aPlanDoesNotReplaceItself() {
        String ns = namespace();
        String name = created(ns, 4);
        WMNullableResourcePlan changes = new WMNullableResourcePlan();
        changes.setName(name);
        assertFails(
                alter(name, ns, changes, false, false, true),
                "InvalidOperationException",
                "A plan cannot replace itself");
    }

    @Test
    void validationAnswersErrorsAndWarnings() {
        String ns = namespace();
        String name = created(ns, 10);
        WMNullablePool smaller = new WMNullablePool();
        smaller.setQueryParallelism(6);
        succeeded(alterPool(name, ns, "default", smaller));
        Map<String, Object> checked = answer(outcome(c -> c.validateResourcePlan(name, ns)));
        assertThat(checked.get("errors")).isEqualTo(List.of());
        assertThat(checked.get("warnings"))
                .isEqualTo(List.of(
                        "Sum of all pools' query parallelism: 6 is less than resource plan query parallelism: 10"));
    }

    @Test
    void validationOfAMissingPlanFails() {
        String ns = namespace();
        String name = planName();
        assertFails(
                outcome(c -> c.validateResourcePlan(name, ns)),
                "NoSuchObjectException",
                "Cannot find resourcePlan: " + name + " in " + ns);
    }

    @Test
    void aDroppedPlanTakesItsContentsWithIt() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(createPool(pool(name, ns, "etl", 0.0, 1)));
        succeeded(createTrigger(trigger(name, ns, "slow")));
        succeeded(putMapping(mapping(name, ns, "GROUP", "analysts", "etl"), false));
        succeeded(done(c -> c.dropResourcePlan(name, ns)));
        succeeded(create(plan(name, ns, 4), null));
        Map<String, Object> fresh = answer(get(name, ns));
        assertThat(paths(fresh)).containsExactly("default");
        assertThat(list(fresh, "triggers")).isEmpty();
        assertThat(list(fresh, "mappings")).isEmpty();
    }

    @Test
    void droppingAMissingOrActivePlanFails() {
        String ns = namespace();
        String missing = planName();
        assertFails(
                done(c -> c.dropResourcePlan(missing, ns)),
                "NoSuchObjectException",
                "There is no resource plan named: " + missing + " in " + ns);
        String active = created(ns, 4);
        succeeded(alter(active, ns, status(WMResourcePlanStatus.ACTIVE), true, false, false));
        assertFails(done(c -> c.dropResourcePlan(active, ns)), "MetaException", "Cannot drop an active resource plan");
    }

    // ---- pools

    @Test
    void poolsNestUnderTheirParentAndMoveWithIt() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(createPool(pool(name, ns, "etl", 0.0, 1)));
        succeeded(createPool(pool(name, ns, "etl.nightly", 0.5, 1)));
        WMNullablePool moved = new WMNullablePool();
        moved.setPoolPath("batch");
        moved.setSchedulingPolicy("fifo");
        moved.setIsSetSchedulingPolicy(true);
        succeeded(alterPool(name, ns, "etl", moved));
        Map<String, Object> full = answer(get(name, ns));
        assertThat(paths(full)).containsExactly("batch", "batch.nightly", "default");
        assertFails(
                createPool(pool(name, ns, "missing.child", 0.1, 1)),
                "NoSuchObjectException",
                "Pool path is invalid, the parent does not exist");
    }

    @Test
    void creatingAnExistingPoolFails() {
        String ns = namespace();
        String name = created(ns, 4);
        assertFails(createPool(pool(name, ns, "default", 0.5, 1)), "AlreadyExistsException", "Pool already exists: ");
    }

    @Test
    void alteringAMissingPoolFails() {
        String ns = namespace();
        String name = created(ns, 4);
        WMNullablePool changes = new WMNullablePool();
        changes.setQueryParallelism(2);
        assertFails(alterPool(name, ns, "nowhere", changes), "NoSuchObjectException", "Cannot find pool: nowhere");
    }

    @Test
    void poolsThatOthersDependOnAreNotDropped() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(createPool(pool(name, ns, "etl", 0.0, 1)));
        succeeded(createPool(pool(name, ns, "etl.nightly", 0.5, 1)));
        succeeded(createPool(pool(name, ns, "adhoc", 0.0, 1)));
        succeeded(putMapping(mapping(name, ns, "USER", "bob", "adhoc"), false));
        assertFails(
                dropPool(name, ns, "default"),
                "InvalidOperationException",
                "Cannot drop default pool of a resource plan");
        assertFails(dropPool(name, ns, "etl"), "InvalidOperationException", "Cannot drop a pool that has child pools");
        assertFails(
                dropPool(name, ns, "adhoc"), "InvalidOperationException", "Please remove all mappings for this pool.");
        assertFails(dropPool(name, ns, "nowhere"), "NoSuchObjectException", "Cannot delete pool: nowhere");
        succeeded(dropPool(name, ns, "etl.nightly"));
        assertThat(paths(answer(get(name, ns)))).containsExactly("adhoc", "default", "etl");
    }

    // ---- triggers

    @Test
    void triggersAreCreatedAlteredListedAndDropped() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(createTrigger(trigger(name, ns, "a_slow")));
        succeeded(createTrigger(trigger(name, ns, "b_big")));
        WMTrigger changed = trigger(name, ns, "a_slow");
        changed.setActionExpression("MOVE TO etl");
        changed.setIsInUnmanaged(true);
        succeeded(done(c -> c.alterWMTrigger(changed)));
        Outcome listed = outcome(c -> c.getTriggersForResourcePlan(name, ns));
        succeeded(listed);
        assertThat(String.valueOf(listed.value())).contains("MOVE TO etl", "b_big");
        succeeded(done(c -> c.dropWMTrigger(name, "b_big", ns)));
        assertThat((List<?>)
                        outcome(c -> c.getTriggersForResourcePlan(name, ns)).value())
                .hasSize(1);
    }

    @Test
    void triggerRefusals() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(createTrigger(trigger(name, ns, "slow")));
        assertFails(
                createTrigger(trigger(name, ns, "slow")),
                "AlreadyExistsException",
                "Trigger already exists, use alter: ");
        assertFails(
                done(c -> c.alterWMTrigger(trigger(name, ns, "missing"))),
                "NoSuchObjectException",
                "Cannot find trigger with name: missing");
        assertFails(
                done(c -> c.dropWMTrigger(name, "missing", ns)),
                "NoSuchObjectException",
                "Cannot delete trigger: missing");
        String absent = planName();
        assertFails(
                outcome(c -> c.getTriggersForResourcePlan(absent, ns)),
                "NoSuchObjectException",
                "There is no resource plan named: " + absent + " in " + ns);
    }

    // ---- mappings and trigger-to-pool links

    @Test
    void mappingsAreCreatedUpdatedAndDropped() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(createPool(pool(name, ns, "etl", 0.0, 1)));
        succeeded(putMapping(mapping(name, ns, "user", "Alice", "etl"), false));
        succeeded(putMapping(mapping(name, ns, "USER", "alice", "default"), true));
        assertThat(list(answer(get(name, ns)), "mappings"))
                .singleElement()
                .satisfies(m -> assertThat(m)
                        .containsEntry("entityType", "USER")
                        .containsEntry("entityName", "alice")
                        .containsEntry("poolPath", "default"));
        succeeded(done(c -> c.dropWMMapping(mapping(name, ns, "USER", "alice", null))));
        assertThat(list(answer(get(name, ns)), "mappings")).isEmpty();
    }

    @Test
    void mappingRefusals() {
        String ns = namespace();
        String name = created(ns, 4);
        assertFails(
                putMapping(mapping(name, ns, "USER", "carol", "nowhere"), false),
                "NoSuchObjectException",
                "Cannot find pool: nowhere");
        assertFails(
                done(c -> c.dropWMMapping(mapping(name, ns, "USER", "carol", null))),
                "NoSuchObjectException",
                "Cannot delete mapping.");
    }

    @Test
    void triggersAreLinkedToPoolsAndUnlinked() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(createTrigger(trigger(name, ns, "slow")));
        succeeded(link(name, ns, "slow", "default", false));
        assertThat(list(answer(get(name, ns)), "poolTriggers"))
                .singleElement()
                .satisfies(l -> assertThat(l).containsEntry("pool", "default").containsEntry("trigger", "slow"));
        succeeded(link(name, ns, "slow", "default", true));
        assertThat(list(answer(get(name, ns)), "poolTriggers")).isEmpty();
        assertFails(
                link(name, ns, "missing", "default", false),
                "NoSuchObjectException",
                "Cannot find trigger with name: missing");
        assertFails(link(name, ns, "slow", "nowhere", false), "NoSuchObjectException", "Cannot find pool: nowhere");
    }

    // ---- what HMS 4.0.1 does at the edges

    @Test
    void aPlanCreatedWithoutNamespaceIsNotFoundInTheDefaultOne() {
        // HMS keeps the namespace as given (unset too) but looks plans up in "default" when none is named;
        // validation alone looks under the namespace as given.
        String name = planName();
        succeeded(create(plan(name, null, 2), null));
        assertFails(
                get(name, null), "NoSuchObjectException", "There is no resource plan named: " + name + " in default");
        Map<String, Object> checked = answer(outcome(c -> c.validateResourcePlan(name, null)));
        assertThat(checked.get("errors")).isEqualTo(List.of());
    }

    @Test
    void aPoolOfAnUnknownPolicyIsRefused() {
        String ns = namespace();
        String name = created(ns, 4);
        WMPool lifo = pool(name, ns, "etl", 0.0, 1);
        lifo.setSchedulingPolicy("lifo");
        assertUndeclared(createPool(lifo), "create_wm_pool", "MetaException", "Invalid scheduling policy lifo");
    }

    @Test
    void aMappingIsCreatedOnce() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(putMapping(mapping(name, ns, "USER", "dave", "default"), false));
        Outcome again = putMapping(mapping(name, ns, "USER", "dave", "default"), false);
        if (onLakegate()) {
            assertFails(again, "MetaException", "Mapping already exists: USER dave");
        } else {
            // HMS's store has no check of its own: its table's unique key fails the insert
            assertThat(again.exceptionType()).isEqualTo("MetaException");
            assertThat(again.message()).contains("UNIQUE_WM_MAPPING");
        }
    }

    @Test
    void aMappingOfAnUnknownEntityTypeIsRefused() {
        String ns = namespace();
        String name = created(ns, 4);
        assertUndeclared(
                putMapping(mapping(name, ns, "role", "dave", "default"), false),
                "create_or_update_wm_mapping",
                "MetaException",
                "No enum constant org.apache.hadoop.hive.metastore.model.MWMMapping.EntityType.ROLE");
    }

    @Test
    void linkedTriggersAndPoolsAreDropped() {
        String ns = namespace();
        String name = created(ns, 4);
        succeeded(createPool(pool(name, ns, "etl", 0.0, 1)));
        succeeded(createTrigger(trigger(name, ns, "slow")));
        succeeded(createTrigger(trigger(name, ns, "big")));
        succeeded(link(name, ns, "slow", "etl", false));
        succeeded(link(name, ns, "big", "default", false));
        // the links go with the pool or the trigger they name
        succeeded(dropPool(name, ns, "etl"));
        succeeded(done(c -> c.dropWMTrigger(name, "big", ns)));
        Map<String, Object> full = answer(get(name, ns));
        assertThat(paths(full)).containsExactly("default");
        assertThat(list(full, "triggers"))
                .singleElement()
                .satisfies(t -> assertThat(t).containsEntry("triggerName", "slow"));
        assertThat(list(full, "poolTriggers")).isEmpty();
    }
}
