package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.workload.PlanAlteration;
import dev.lakegate.hms.handler.workload.PlanObjects;
import dev.lakegate.hms.handler.workload.ResourcePlans;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import org.apache.hadoop.hive.metastore.api.WMAlterPoolRequest;
import org.apache.hadoop.hive.metastore.api.WMAlterPoolResponse;
import org.apache.hadoop.hive.metastore.api.WMAlterResourcePlanRequest;
import org.apache.hadoop.hive.metastore.api.WMAlterResourcePlanResponse;
import org.apache.hadoop.hive.metastore.api.WMAlterTriggerRequest;
import org.apache.hadoop.hive.metastore.api.WMAlterTriggerResponse;
import org.apache.hadoop.hive.metastore.api.WMCreateOrDropTriggerToPoolMappingRequest;
import org.apache.hadoop.hive.metastore.api.WMCreateOrDropTriggerToPoolMappingResponse;
import org.apache.hadoop.hive.metastore.api.WMCreateOrUpdateMappingRequest;
import org.apache.hadoop.hive.metastore.api.WMCreateOrUpdateMappingResponse;
import org.apache.hadoop.hive.metastore.api.WMCreatePoolRequest;
import org.apache.hadoop.hive.metastore.api.WMCreatePoolResponse;
import org.apache.hadoop.hive.metastore.api.WMCreateResourcePlanRequest;
import org.apache.hadoop.hive.metastore.api.WMCreateResourcePlanResponse;
import org.apache.hadoop.hive.metastore.api.WMCreateTriggerRequest;
import org.apache.hadoop.hive.metastore.api.WMCreateTriggerResponse;
import org.apache.hadoop.hive.metastore.api.WMDropMappingRequest;
import org.apache.hadoop.hive.metastore.api.WMDropMappingResponse;
import org.apache.hadoop.hive.metastore.api.WMDropPoolRequest;
import org.apache.hadoop.hive.metastore.api.WMDropPoolResponse;
import org.apache.hadoop.hive.metastore.api.WMDropResourcePlanRequest;
import org.apache.hadoop.hive.metastore.api.WMDropResourcePlanResponse;
import org.apache.hadoop.hive.metastore.api.WMDropTriggerRequest;
import org.apache.hadoop.hive.metastore.api.WMDropTriggerResponse;
import org.apache.hadoop.hive.metastore.api.WMFullResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMGetActiveResourcePlanRequest;
import org.apache.hadoop.hive.metastore.api.WMGetActiveResourcePlanResponse;
import org.apache.hadoop.hive.metastore.api.WMGetAllResourcePlanRequest;
import org.apache.hadoop.hive.metastore.api.WMGetAllResourcePlanResponse;
import org.apache.hadoop.hive.metastore.api.WMGetResourcePlanRequest;
import org.apache.hadoop.hive.metastore.api.WMGetResourcePlanResponse;
import org.apache.hadoop.hive.metastore.api.WMGetTriggersForResourePlanRequest;
import org.apache.hadoop.hive.metastore.api.WMGetTriggersForResourePlanResponse;
import org.apache.hadoop.hive.metastore.api.WMValidateResourcePlanRequest;
import org.apache.hadoop.hive.metastore.api.WMValidateResourcePlanResponse;
import org.apache.thrift.TException;

/**
 * Workload management (Hive 3+): resource plans with their pools, triggers and mappings, which Hive's
 * engine reads to schedule queries under LLAP. The catalog keeps each plan as an opaque object; the
 * rules (one active plan per namespace, edits only of disabled plans, validation) are HMS 4.0.1's.
 */
public final class WorkloadManagementCalls {

    private static final DeclaredExceptions CREATE_PLAN = DeclaredExceptions.of("create_resource_plan");
    private static final DeclaredExceptions GET_PLAN = DeclaredExceptions.of("get_resource_plan");
    private static final DeclaredExceptions GET_ACTIVE = DeclaredExceptions.of("get_active_resource_plan");
    private static final DeclaredExceptions GET_ALL = DeclaredExceptions.of("get_all_resource_plans");
    private static final DeclaredExceptions ALTER_PLAN = DeclaredExceptions.of("alter_resource_plan");
    private static final DeclaredExceptions VALIDATE = DeclaredExceptions.of("validate_resource_plan");
    private static final DeclaredExceptions DROP_PLAN = DeclaredExceptions.of("drop_resource_plan");
    private static final DeclaredExceptions CREATE_TRIGGER = DeclaredExceptions.of("create_wm_trigger");
    private static final DeclaredExceptions ALTER_TRIGGER = DeclaredExceptions.of("alter_wm_trigger");
    private static final DeclaredExceptions DROP_TRIGGER = DeclaredExceptions.of("drop_wm_trigger");
    private static final DeclaredExceptions TRIGGERS = DeclaredExceptions.of("get_triggers_for_resourceplan");
    private static final DeclaredExceptions CREATE_POOL = DeclaredExceptions.of("create_wm_pool");
    private static final DeclaredExceptions ALTER_POOL = DeclaredExceptions.of("alter_wm_pool");
    private static final DeclaredExceptions DROP_POOL = DeclaredExceptions.of("drop_wm_pool");
    private static final DeclaredExceptions MAPPING = DeclaredExceptions.of("create_or_update_wm_mapping");
    private static final DeclaredExceptions DROP_MAPPING = DeclaredExceptions.of("drop_wm_mapping");
    private static final DeclaredExceptions POOL_TRIGGER =
            DeclaredExceptions.of("create_or_drop_wm_trigger_to_pool_mapping");

    private final CatalogCalls catalog;
    private final ResourcePlans plans = new ResourcePlans();
    private final PlanAlteration alteration = new PlanAlteration(plans);
    private final PlanObjects objects = new PlanObjects(plans);

    public WorkloadManagementCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public WMCreateResourcePlanResponse create_resource_plan(WMCreateResourcePlanRequest request) throws TException {
        return catalog.run(CREATE_PLAN, call(Operation.CREATE), client -> {
            plans.create(client, request.getResourcePlan(), request.getCopyFrom());
            return new WMCreateResourcePlanResponse();
        });
    }

    public WMGetResourcePlanResponse get_resource_plan(WMGetResourcePlanRequest request) throws TException {
        return catalog.run(GET_PLAN, call(Operation.READ), client -> {
            WMGetResourcePlanResponse response = new WMGetResourcePlanResponse();
            response.setResourcePlan(plans.get(client, request.getResourcePlanName(), request.getNs()));
            return response;
        });
    }

    public WMGetActiveResourcePlanResponse get_active_resource_plan(WMGetActiveResourcePlanRequest request)
            throws TException {
        return catalog.run(GET_ACTIVE, call(Operation.READ), client -> {
            WMGetActiveResourcePlanResponse response = new WMGetActiveResourcePlanResponse();
            response.setResourcePlan(plans.active(client, request.getNs()));
            return response;
        });
    }

    public WMGetAllResourcePlanResponse get_all_resource_plans(WMGetAllResourcePlanRequest request) throws TException {
        return catalog.run(GET_ALL, call(Operation.LIST), client -> {
            WMGetAllResourcePlanResponse response = new WMGetAllResourcePlanResponse();
            response.setResourcePlans(plans.all(client, request.getNs()));
            return response;
        });
    }

    public WMAlterResourcePlanResponse alter_resource_plan(WMAlterResourcePlanRequest request) throws TException {
        return catalog.run(ALTER_PLAN, call(Operation.ALTER), client -> {
            WMFullResourcePlan altered = alteration.alter(
                    client,
                    request.getResourcePlanName(),
                    request.getNs(),
                    request.getResourcePlan(),
                    request.isIsEnableAndActivate(),
                    request.isIsReplace(),
                    request.isIsForceDeactivate());
            WMAlterResourcePlanResponse response = new WMAlterResourcePlanResponse();
            response.setFullResourcePlan(altered);
            return response;
        });
    }

    public WMValidateResourcePlanResponse validate_resource_plan(WMValidateResourcePlanRequest request)
            throws TException {
        return catalog.run(
                VALIDATE,
                call(Operation.READ),
                client -> plans.validate(client, request.getResourcePlanName(), request.getNs()));
    }

    public WMDropResourcePlanResponse drop_resource_plan(WMDropResourcePlanRequest request) throws TException {
        return catalog.run(DROP_PLAN, call(Operation.DROP), client -> {
            plans.drop(client, request.getResourcePlanName(), request.getNs());
            return new WMDropResourcePlanResponse();
        });
    }

    public WMCreateTriggerResponse create_wm_trigger(WMCreateTriggerRequest request) throws TException {
        return catalog.run(CREATE_TRIGGER, call(Operation.CREATE), client -> {
            objects.createTrigger(client, request.getTrigger());
            return new WMCreateTriggerResponse();
        });
    }

    public WMAlterTriggerResponse alter_wm_trigger(WMAlterTriggerRequest request) throws TException {
        return catalog.run(ALTER_TRIGGER, call(Operation.ALTER), client -> {
            objects.alterTrigger(client, request.getTrigger());
            return new WMAlterTriggerResponse();
        });
    }

    public WMDropTriggerResponse drop_wm_trigger(WMDropTriggerRequest request) throws TException {
        return catalog.run(DROP_TRIGGER, call(Operation.DROP), client -> {
            objects.dropTrigger(client, request.getResourcePlanName(), request.getTriggerName(), request.getNs());
            return new WMDropTriggerResponse();
        });
    }

    public WMGetTriggersForResourePlanResponse get_triggers_for_resourceplan(WMGetTriggersForResourePlanRequest request)
            throws TException {
        return catalog.run(TRIGGERS, call(Operation.LIST), client -> {
            WMGetTriggersForResourePlanResponse response = new WMGetTriggersForResourePlanResponse();
            response.setTriggers(objects.triggers(client, request.getResourcePlanName(), request.getNs()));
            return response;
        });
    }

    public WMCreatePoolResponse create_wm_pool(WMCreatePoolRequest request) throws TException {
        return catalog.run(CREATE_POOL, call(Operation.CREATE), client -> {
            objects.createPool(client, request.getPool());
            return new WMCreatePoolResponse();
        });
    }

    public WMAlterPoolResponse alter_wm_pool(WMAlterPoolRequest request) throws TException {
        return catalog.run(ALTER_POOL, call(Operation.ALTER), client -> {
            objects.alterPool(client, request.getPool(), request.getPoolPath());
            return new WMAlterPoolResponse();
        });
    }

    public WMDropPoolResponse drop_wm_pool(WMDropPoolRequest request) throws TException {
        return catalog.run(DROP_POOL, call(Operation.DROP), client -> {
            objects.dropPool(client, request.getResourcePlanName(), request.getPoolPath(), request.getNs());
            return new WMDropPoolResponse();
        });
    }

    public WMCreateOrUpdateMappingResponse create_or_update_wm_mapping(WMCreateOrUpdateMappingRequest request)
            throws TException {
        return catalog.run(MAPPING, call(Operation.CREATE), client -> {
            objects.createOrUpdateMapping(client, request.getMapping(), request.isUpdate());
            return new WMCreateOrUpdateMappingResponse();
        });
    }

    public WMDropMappingResponse drop_wm_mapping(WMDropMappingRequest request) throws TException {
        return catalog.run(DROP_MAPPING, call(Operation.DROP), client -> {
            objects.dropMapping(client, request.getMapping());
            return new WMDropMappingResponse();
        });
    }

    public WMCreateOrDropTriggerToPoolMappingResponse create_or_drop_wm_trigger_to_pool_mapping(
            WMCreateOrDropTriggerToPoolMappingRequest request) throws TException {
        return catalog.run(POOL_TRIGGER, call(Operation.ALTER), client -> {
            objects.linkTrigger(
                    client,
                    request.getResourcePlanName(),
                    request.getTriggerName(),
                    request.getPoolPath(),
                    request.isDrop(),
                    request.getNs());
            return new WMCreateOrDropTriggerToPoolMappingResponse();
        });
    }

    private static HmsCall call(Operation operation) {
        return HmsCall.database(operation, null);
    }
}
