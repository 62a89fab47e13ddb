package dev.lakegate.hms.handler.workload;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.OpaqueObjectWrite;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.kept.KeptObjects.Kept;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.WorkloadManagementWords;
import dev.lakegate.translator.names.HiveNames;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.WMFullResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMNullableResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMResourcePlanStatus;
import org.apache.hadoop.hive.metastore.api.WMValidateResourcePlanResponse;

/**
 * alter_resource_plan as HMS 4.0.1 runs it: a rename, a new query parallelism or default pool of a
 * disabled plan; a status switch (validated on leaving DISABLED; an activation takes ACTIVE from the
 * namespace's active plan, which becomes ENABLED; leaving ACTIVE only when forced); or a replace, where
 * a plan takes the name and status of another (or of the active plan), which is kept DISABLED under
 * "{name}_old_{time}". Each alteration is one batch of writes at the versions read.
 */
public final class PlanAlteration {

    private static final DateTimeFormatter OLD_PLAN_TIME = DateTimeFormatter.ofPattern("yyyy_MM_dd_HH_mm_ss");

    private final ResourcePlans plans;

    public PlanAlteration(ResourcePlans plans) {
        this.plans = plans;
    }

    /** The plan as altered when it became (or stays as the replacement of) the active one, else null. */
    public WMFullResourcePlan alter(
            CatalogClient client,
            String name,
            String ns,
            WMNullableResourcePlan changes,
            boolean enableAndActivate,
            boolean replace,
            boolean forceDeactivate) {
        if ((enableAndActivate ? 1 : 0) + (replace ? 1 : 0) + (forceDeactivate ? 1 : 0) > 1) {
            throw WorkloadManagementWords.multipleFlags();
        }
        String normalized = name == null ? null : HiveNames.normalize(name);
        if (replace && normalized == null) {
            throw WorkloadManagementWords.replaceWithoutSource();
        }
        return replace
                ? replace(client, normalized, ns, changes)
                : simple(client, normalized, ns, changes, enableAndActivate, forceDeactivate);
    }

    private WMFullResourcePlan simple(
            CatalogClient client,
            String name,
            String ns,
            WMNullableResourcePlan changes,
            boolean enableAndActivate,
            boolean forceDeactivate) {
        PlanStore store = plans.store();
        Kept<WMFullResourcePlan> kept = name == null
                ? store.activeIn(client, PlanStore.lookupNs(ns)).orElseThrow(() -> noActivePlan(ns))
                : plans.existing(client, name, ns);
        WMFullResourcePlan plan = kept.value().deepCopy();
        WMResourcePlan head = plan.getPlan();
        if (name != null && !changes.isSetStatus() && head.getStatus() != WMResourcePlanStatus.DISABLED) {
            throw WorkloadManagementWords.notDisabled();
        }
        String storedNs = PlanStore.lookupNs(head.getNs());
        if (changes.isSetNs() && !changes.getNs().equals(storedNs)) {
            throw WorkloadManagementWords.nsChange(storedNs, changes.getNs());
        }
        boolean rename = changes.isSetName() && !changes.getName().equals(name);
        if (changes.isSetIsSetQueryParallelism() || changes.isSetIsSetDefaultPoolPath() || rename) {
            if (changes.isSetStatus()) {
                throw WorkloadManagementWords.valuesDuringSwitch();
            }
            if (head.getStatus() != WMResourcePlanStatus.DISABLED) {
                throw WorkloadManagementWords.notDisabled();
            }
        }
        String oldName = head.getName();
        if (changes.isSetName()) {
            String newName = HiveNames.normalize(changes.getName());
            if (newName.isEmpty()) {
                throw WorkloadManagementWords.renameToEmpty();
            }
            head.setName(newName);
        }
        if (changes.isSetIsSetQueryParallelism() && changes.isIsSetQueryParallelism()) {
            if (changes.isSetQueryParallelism()) {
                if (changes.getQueryParallelism() <= 0) {
                    throw WorkloadManagementWords.alterParallelismNotPositive();
                }
                head.setQueryParallelism(changes.getQueryParallelism());
            } else {
                head.unsetQueryParallelism();
            }
        }
        if (changes.isSetIsSetDefaultPoolPath() && changes.isIsSetDefaultPoolPath()) {
            if (changes.isSetDefaultPoolPath()) {
                head.setDefaultPoolPath(
                        PlanContents.pool(plan, changes.getDefaultPoolPath()).getPoolPath());
            } else {
                head.unsetDefaultPoolPath();
            }
        }
        List<OpaqueObjectWrite> writes = new ArrayList<>();
        WMFullResourcePlan answer = null;
        if (changes.isSetStatus()) {
            answer = switchStatus(client, name, plan, changes.getStatus(), enableAndActivate, forceDeactivate, writes);
        }
        if (head.getName().equals(oldName)) {
            writes.add(0, store.replace(plan, kept.version()));
            PlanStore.write(client, writes);
            return answer;
        }
        // A rename changes no status: the batch is the plan's move alone, refused if the name is taken.
        CatalogFailures.rewording(
                () -> {
                    PlanStore.write(client, List.of(store.delete(kept.value(), kept.version()), store.create(plan)));
                    return null;
                },
                failure -> WorkloadManagementWords.planNameTaken(),
                ErrorReason.OPAQUE_OBJECT_ALREADY_EXISTS);
        return answer;
    }

    /**
     * Moves the plan to {@code target}, adding the writes besides the plan's own (the active plan it
     * displaces, the namespace's marker); answers the plan when it became active.
     */
    private WMFullResourcePlan switchStatus(
            CatalogClient client,
            String name,
            WMFullResourcePlan plan,
            WMResourcePlanStatus target,
            boolean enableAndActivate,
            boolean forceDeactivate,
            List<OpaqueObjectWrite> writes) {
        WMResourcePlan head = plan.getPlan();
        WMResourcePlanStatus current = head.getStatus();
        if (target == current) {
            return null;
        }
        boolean validate = false;
        boolean activate = false;
        switch (current) {
            case ACTIVE -> {
                if (!forceDeactivate) {
                    throw WorkloadManagementWords.activeCannotChange(name);
                }
            }
            case DISABLED -> {
                validate = true;
                activate = target == WMResourcePlanStatus.ACTIVE;
                if (activate && !enableAndActivate) {
                    throw WorkloadManagementWords.disabledCannotActivate(name);
                }
            }
            case ENABLED -> activate = target == WMResourcePlanStatus.ACTIVE;
        }
        if (validate) {
            WMValidateResourcePlanResponse checked = PlanValidation.check(plan);
            if (!checked.getErrors().isEmpty()) {
                throw WorkloadManagementWords.invalidPlan(name, checked.getErrors());
            }
        }
        PlanStore store = plans.store();
        String storedNs = PlanStore.lookupNs(head.getNs());
        head.setStatus(target);
        if (current == WMResourcePlanStatus.ACTIVE) {
            writes.add(store.claimActive(client, storedNs, ""));
            return null;
        }
        if (!activate) {
            return null;
        }
        store.activeIn(client, storedNs).ifPresent(previous -> {
            WMFullResourcePlan enabled = previous.value().deepCopy();
            enabled.getPlan().setStatus(WMResourcePlanStatus.ENABLED);
            writes.add(store.replace(enabled, previous.version()));
        });
        writes.add(store.claimActive(client, storedNs, head.getName()));
        return PlanViews.answer(plan);
    }

    private WMFullResourcePlan replace(CatalogClient client, String name, String ns, WMNullableResourcePlan changes) {
        if (changes.isSetQueryParallelism() || changes.isSetDefaultPoolPath()) {
            throw WorkloadManagementWords.valuesDuringReplace();
        }
        boolean specific = changes.isSetName();
        boolean replacingActive = changes.isSetStatus() && changes.getStatus() == WMResourcePlanStatus.ACTIVE;
        if (specific == replacingActive) {
            throw WorkloadManagementWords.replaceNeedsOneTarget(
                    changes.getName(), changes.isSetStatus() ? changes.getStatus() : null);
        }
        PlanStore store = plans.store();
        String lookupNs = PlanStore.lookupNs(ns);
        Kept<WMFullResourcePlan> replaced = specific
                ? plans.existing(client, changes.getName(), lookupNs)
                : store.activeIn(client, lookupNs).orElseThrow(() -> noActivePlan(ns));
        Kept<WMFullResourcePlan> replacing = plans.existing(client, name, lookupNs);
        if (replaced.value()
                .getPlan()
                .getName()
                .equals(replacing.value().getPlan().getName())) {
            throw WorkloadManagementWords.replaceItself();
        }
        String takenName = replaced.value().getPlan().getName();
        String storedNs = replaced.value().getPlan().getNs();
        String keptName = oldPlanName(takenName, 0);
        for (int i = 1; store.findStored(client, keptName, storedNs).isPresent(); i++) {
            keptName = oldPlanName(takenName, i);
        }
        WMFullResourcePlan old = replaced.value().deepCopy();
        old.getPlan().setName(keptName);
        old.getPlan().setStatus(WMResourcePlanStatus.DISABLED);
        WMFullResourcePlan plan = replacing.value().deepCopy();
        plan.getPlan().setName(takenName);
        plan.getPlan().setStatus(replaced.value().getPlan().getStatus());
        List<OpaqueObjectWrite> writes = new ArrayList<>(List.of(
                store.delete(replaced.value(), replaced.version()),
                store.delete(replacing.value(), replacing.version()),
                store.create(old),
                store.create(plan)));
        boolean active = plan.getPlan().getStatus() == WMResourcePlanStatus.ACTIVE;
        if (active) {
            writes.add(store.claimActive(client, PlanStore.lookupNs(storedNs), takenName));
        }
        PlanStore.write(client, writes);
        return active ? PlanViews.answer(plan) : null;
    }

    /** HMS's name for the plan a replace displaces: its own, "_old_" and the time (and a number on clashes). */
    private static String oldPlanName(String name, int attempt) {
        return name + "_old_" + LocalDateTime.now().format(OLD_PLAN_TIME) + (attempt == 0 ? "" : "_" + attempt);
    }

    /**
     * An alteration of "the active plan" where none is: HMS's store fails on the missing plan with an
     * internal error; here it is a MetaException that says so.
     */
    private static HmsFailure noActivePlan(String ns) {
        return HmsFailure.meta("There is no active resource plan in " + PlanStore.lookupNs(ns));
    }
}
