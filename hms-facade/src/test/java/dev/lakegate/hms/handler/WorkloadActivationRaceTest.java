package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.hms.handler.workload.PlanAlteration;
import dev.lakegate.hms.handler.workload.ResourcePlans;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.MethodDescriptor;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.hive.metastore.api.WMAlterResourcePlanRequest;
import org.apache.hadoop.hive.metastore.api.WMCreateResourcePlanRequest;
import org.apache.hadoop.hive.metastore.api.WMGetAllResourcePlanRequest;
import org.apache.hadoop.hive.metastore.api.WMNullableResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMResourcePlan;
import org.apache.hadoop.hive.metastore.api.WMResourcePlanStatus;
import org.apache.thrift.TException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two activations in one namespace where no plan was active: the second one's plan is activated by
 * another writer after the first read the namespace and before it writes. Each batch carries the
 * namespace's active-plan marker at the version read, so the later batch fails whole and one plan
 * only is ACTIVE (without the marker, both would be: neither batch touched the other's plan).
 */
class WorkloadActivationRaceTest {

    private static final AtomicReference<Runnable> BEFORE_WRITE = new AtomicReference<>();

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create().catalogInterceptor(new ClientInterceptor() {
        @Override
        public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
            if (method.getFullMethodName().endsWith("/WriteOpaqueObjects")) {
                Runnable first = BEFORE_WRITE.getAndSet(null);
                if (first != null) {
                    first.run();
                }
            }
            return next.newCall(method, options);
        }
    });

    private static WMNullableResourcePlan active() {
        WMNullableResourcePlan changes = new WMNullableResourcePlan();
        changes.setStatus(WMResourcePlanStatus.ACTIVE);
        return changes;
    }

    private static void create(ThriftHiveMetastore.Client client, String name) throws TException {
        WMResourcePlan plan = new WMResourcePlan(name);
        plan.setNs("race");
        WMCreateResourcePlanRequest request = new WMCreateResourcePlanRequest();
        request.setResourcePlan(plan);
        client.create_resource_plan(request);
    }

    @Test
    void aRivalActivationBetweenReadAndWriteFailsTheLaterOne() throws Exception {
        ThriftHiveMetastore.Client client = gateway.client("alice");
        create(client, "first");
        create(client, "rival");
        BEFORE_WRITE.set(() -> new PlanAlteration(new ResourcePlans())
                .alter(gateway.catalog(), "rival", "race", active(), true, false, false));

        WMAlterResourcePlanRequest activateFirst = new WMAlterResourcePlanRequest();
        activateFirst.setResourcePlanName("first");
        activateFirst.setNs("race");
        activateFirst.setResourcePlan(active());
        activateFirst.setIsEnableAndActivate(true);
        assertThatThrownBy(() -> client.alter_resource_plan(activateFirst)).isInstanceOf(TException.class);

        WMGetAllResourcePlanRequest all = new WMGetAllResourcePlanRequest();
        all.setNs("race");
        assertThat(client.get_all_resource_plans(all).getResourcePlans())
                .extracting(plan -> plan.getName() + " " + plan.getStatus())
                .containsExactly("first DISABLED", "rival ACTIVE");
    }
}
