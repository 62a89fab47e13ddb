package dev.lakegate.catalog.server.grpc.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.HiveTableKind;
import dev.lakegate.catalog.server.model.Lease;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.PrimitiveKind;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.model.RefType;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.service.TableView;
import dev.lakegate.catalog.v1.ComparisonOperator;
import dev.lakegate.catalog.v1.LeaseMode;
import dev.lakegate.catalog.v1.LeaseState;
import dev.lakegate.catalog.v1.PrimitiveType;
import dev.lakegate.catalog.v1.ResourceType;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Enums map by name, so a constant added on one side only would fail at run time: this test finds it
 * first, in both directions.
 */
class EnumProtoMappingTest {

    @Test
    void everyDomainConstantHasItsProtoTwinAndBack() {
        assertBijection(PrimitiveKind.class, PrimitiveType.class);
        assertBijection(TableFormat.class, dev.lakegate.catalog.v1.TableFormat.class);
        assertBijection(HiveTableKind.class, dev.lakegate.catalog.v1.HiveTableKind.class);
        assertBijection(RefType.class, dev.lakegate.catalog.v1.RefType.class);
        assertBijection(PrincipalType.class, dev.lakegate.catalog.v1.PrincipalType.class);
        assertBijection(EventType.class, dev.lakegate.catalog.v1.EventType.class);
        assertBijection(Lease.State.class, LeaseState.class);
        assertBijection(Lease.Mode.class, LeaseMode.class);
        assertBijection(Function.ResourceType.class, ResourceType.class);
        assertBijection(PartitionFilter.Operator.class, ComparisonOperator.class);
        assertBijection(TableView.class, dev.lakegate.catalog.v1.TableView.class);
    }

    private static <D extends Enum<D>, P extends Enum<P>> void assertBijection(Class<D> domain, Class<P> proto) {
        for (D constant : domain.getEnumConstants()) {
            P mapped = EnumMapper.toProto(constant, proto);
            assertThat(EnumMapper.toDomain(mapped, domain, FieldPath.root("e"))).isEqualTo(constant);
        }
        List<String> protoNames = Arrays.stream(proto.getEnumConstants())
                .map(Enum::name)
                .filter(name -> !name.endsWith("_UNSPECIFIED") && !name.equals("UNRECOGNIZED"))
                .toList();
        assertThat(protoNames)
                .as(proto.getSimpleName())
                .containsExactlyInAnyOrderElementsOf(
                        Arrays.stream(domain.getEnumConstants()).map(Enum::name).toList());
    }
}
