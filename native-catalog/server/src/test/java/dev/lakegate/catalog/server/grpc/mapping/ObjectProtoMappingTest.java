package dev.lakegate.catalog.server.grpc.mapping;

import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.assertInvalid;
import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.overTheWire;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.grpc.DomainFixtures;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.Lease;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.v1.FunctionType;
import dev.lakegate.catalog.v1.LeaseMode;
import dev.lakegate.catalog.v1.LeaseState;
import dev.lakegate.catalog.v1.ResourceType;
import org.junit.jupiter.api.Test;

/** Namespaces, functions and leases: the objects outside tables. */
class ObjectProtoMappingTest {

    @Test
    void namespaceSurvivesTheTripWithItsVersionAsEtag() {
        Namespace namespace = DomainFixtures.namespace();
        dev.lakegate.catalog.v1.Namespace proto = overTheWire(NamespaceMapper.toProto(namespace));
        assertThat(proto.getEtag()).isEqualTo("4");
        assertThat(NamespaceMapper.toDomain(proto, FieldPath.root("namespace"))).isEqualTo(namespace);
    }

    @Test
    void functionSurvivesTheTrip() {
        Function function = DomainFixtures.function();
        dev.lakegate.catalog.v1.Function proto = overTheWire(FunctionMapper.toProto(function));
        assertThat(proto.getType()).isEqualTo(FunctionType.JAVA);
        assertThat(FunctionMapper.toDomain(proto, FieldPath.root("function"))).isEqualTo(function);
        // Clients that leave the type out still create Java functions.
        assertThat(FunctionMapper.toDomain(
                        proto.toBuilder()
                                .setType(FunctionType.FUNCTION_TYPE_UNSPECIFIED)
                                .build(),
                        FieldPath.root("function")))
                .isEqualTo(function);
    }

    @Test
    void functionWithUnspecifiedResourceTypeIsInvalid() {
        dev.lakegate.catalog.v1.Function proto = FunctionMapper.toProto(DomainFixtures.function());
        dev.lakegate.catalog.v1.Function bad = proto.toBuilder()
                .setResources(2, proto.getResources(2).toBuilder().setType(ResourceType.RESOURCE_TYPE_UNSPECIFIED))
                .build();
        assertInvalid(
                () -> FunctionMapper.toDomain(bad, FieldPath.root("function")),
                "function.resources[2].type",
                "unknown value RESOURCE_TYPE_UNSPECIFIED");
        assertInvalid(
                () -> FunctionMapper.toDomain(
                        overTheWire(proto.toBuilder().setTypeValue(7).build()), FieldPath.root("function")),
                "function.type",
                "unknown value UNRECOGNIZED");
    }

    @Test
    void leasesSurviveTheTripWithTheirTtl() {
        for (Lease lease : new Lease[] {DomainFixtures.acquiredLease(), DomainFixtures.waitingLease()}) {
            assertThat(LeaseMapper.toDomain(overTheWire(LeaseMapper.toProto(lease)), FieldPath.root("lease")))
                    .isEqualTo(lease);
        }
        assertThat(LeaseMapper.toProto(DomainFixtures.waitingLease()).hasAcquireTime())
                .isFalse();
    }

    @Test
    void leaseWithUnspecifiedStateOrModeIsInvalid() {
        dev.lakegate.catalog.v1.Lease proto = LeaseMapper.toProto(DomainFixtures.acquiredLease());
        assertInvalid(
                () -> LeaseMapper.toDomain(
                        proto.toBuilder()
                                .setState(LeaseState.LEASE_STATE_UNSPECIFIED)
                                .build(),
                        FieldPath.root("lease")),
                "lease.state",
                "unknown value LEASE_STATE_UNSPECIFIED");
        assertInvalid(
                () -> LeaseMapper.toDomain(
                        proto.getResources(1).toBuilder()
                                .setMode(LeaseMode.LEASE_MODE_UNSPECIFIED)
                                .build(),
                        FieldPath.root("resources").index(1)),
                "resources[1].mode",
                "unknown value LEASE_MODE_UNSPECIFIED");
    }
}
