package dev.lakegate.catalog.server.grpc.mapping;

import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.assertInvalid;
import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.overTheWire;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.catalog.server.grpc.DomainFixtures;
import dev.lakegate.catalog.server.grpc.ProtoFilters;
import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.PrimitiveKind;
import dev.lakegate.catalog.server.service.PartitionUpdate;
import dev.lakegate.catalog.v1.ComparisonOperator;
import dev.lakegate.catalog.v1.KeyComparison;
import dev.lakegate.catalog.v1.PartitionFilterList;
import dev.lakegate.catalog.v1.PartitionView;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class PartitionProtoMappingTest {

    private static final List<PartitionKey> KEYS =
            List.of(new PartitionKey("day", 0, DataType.primitive(PrimitiveKind.STRING)));

    @Test
    void partitionSurvivesTheTrip() {
        Partition partition = DomainFixtures.partition("2024-01-01");
        assertThat(PartitionMapper.toDomain(overTheWire(PartitionMapper.toProto(partition, KEYS)), FieldPath.root("p")))
                .isEqualTo(partition);
    }

    @Test
    void partitionIsNamedWhenItsKeysAreKnown() {
        assertThat(PartitionMapper.toProto(DomainFixtures.partition("a/b"), KEYS)
                        .getName())
                .isEqualTo("day=a%2Fb");
        assertThat(PartitionMapper.toProto(DomainFixtures.partition(""), KEYS).getName())
                .isEqualTo("day=__HIVE_DEFAULT_PARTITION__");
        // Without keys, or with keys that do not fit the values, the name stays empty rather than wrong.
        assertThat(PartitionMapper.toProto(DomainFixtures.partition("x"), List.of())
                        .getName())
                .isEmpty();
        assertThat(PartitionMapper.toProto(DomainFixtures.partition("x"), List.of(KEYS.get(0), KEYS.get(0)))
                        .getName())
                .isEmpty();
    }

    @Test
    void partitionUpdateSurvivesTheTrip() {
        PartitionUpdate update = new PartitionUpdate(List.of("2024-01-01"), DomainFixtures.partition("2024-01-02"));
        assertThat(PartitionMapper.toDomain(overTheWire(PartitionMapper.toProto(update)), FieldPath.root("u")))
                .isEqualTo(update);
    }

    @Test
    void everyFilterSurvivesTheTrip() {
        PartitionFilter filter = DomainFixtures.everyFilter();
        assertThat(PartitionFilterMapper.toDomain(
                        overTheWire(PartitionFilterMapper.toProto(filter)), FieldPath.root("f")))
                .isEqualTo(filter);
    }

    @Test
    void emptyFilterAndUnspecifiedOperatorAreInvalidAndNamed() {
        dev.lakegate.catalog.v1.PartitionFilter filter = dev.lakegate.catalog.v1.PartitionFilter.newBuilder()
                .setAnd(PartitionFilterList.newBuilder()
                        .addOperands(PartitionFilterMapper.toProto(new PartitionFilter.In("k", List.of("1"), false)))
                        .addOperands(dev.lakegate.catalog.v1.PartitionFilter.newBuilder()
                                .setNot(dev.lakegate.catalog.v1.PartitionFilter.getDefaultInstance())))
                .build();
        assertInvalid(
                () -> PartitionFilterMapper.toDomain(filter, FieldPath.root("filter")),
                "filter.and.operands[1].not",
                "unknown expression");
        dev.lakegate.catalog.v1.PartitionFilter compare = dev.lakegate.catalog.v1.PartitionFilter.newBuilder()
                .setCompare(KeyComparison.newBuilder()
                        .setKey("k")
                        .setValue("v")
                        .setOperator(ComparisonOperator.COMPARISON_OPERATOR_UNSPECIFIED))
                .build();
        assertInvalid(
                () -> PartitionFilterMapper.toDomain(compare, FieldPath.root("filter")),
                "filter.compare.operator",
                "unknown value COMPARISON_OPERATOR_UNSPECIFIED");
    }

    @Test
    void filtersNestedAsDeepAsTheLimitMapAndDeeperOnesAreInvalidNamingIt() {
        int limit = CatalogWire.MAX_FILTER_DEPTH;
        PartitionFilter deepest = PartitionFilterMapper.toDomain(ProtoFilters.nested(limit), FieldPath.root("filter"));
        assertThat(PartitionFilterMapper.toProto(deepest)).isEqualTo(ProtoFilters.nested(limit));
        String problem = "and, or and not nest more than 32 levels deep, the limit of a partition filter";
        assertInvalid(
                () -> PartitionFilterMapper.toDomain(ProtoFilters.nested(limit + 1), FieldPath.root("filter")),
                "filter",
                problem);
        // A client in the same process hands over a message no parser has bounded: reading stops at the limit.
        dev.lakegate.catalog.v1.PartitionFilter hostile = ProtoFilters.nested(100_000);
        Thread reader = new Thread(
                null,
                () -> assertInvalid(
                        () -> PartitionFilterMapper.toDomain(hostile, FieldPath.root("filter")), "filter", problem),
                "small-stack",
                256 * 1024);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        reader.setUncaughtExceptionHandler((thread, t) -> failure.set(t));
        reader.start();
        assertThatCode(reader::join).doesNotThrowAnyException();
        assertThat(failure.get()).isNull();
    }

    @Test
    void filtersComparingWithMoreValuesThanTheLimitAreInvalidNamingIt() {
        int limit = CatalogWire.MAX_FILTER_VALUES;
        assertThat(PartitionFilterMapper.toDomain(ProtoFilters.in("hr", limit), FieldPath.root("filter")))
                .isInstanceOfSatisfying(
                        PartitionFilter.In.class, in -> assertThat(in.values()).hasSize(limit));
        dev.lakegate.catalog.v1.PartitionFilter oneMore = dev.lakegate.catalog.v1.PartitionFilter.newBuilder()
                .setAnd(PartitionFilterList.newBuilder()
                        .addOperands(ProtoFilters.in("hr", limit - 1))
                        .addOperands(PartitionFilterMapper.toProto(new PartitionFilter.Between("hr", "1", "2", false))))
                .build();
        assertInvalid(
                () -> PartitionFilterMapper.toDomain(oneMore, FieldPath.root("filter")),
                "filter",
                "compares with more than 50000 values, the limit of a partition filter");
    }

    @Test
    void viewsMapToValuesOnly() {
        FieldPath view = FieldPath.root("view");
        assertThat(PartitionMapper.valuesOnly(PartitionView.PARTITION_VIEW_UNSPECIFIED, view))
                .isFalse();
        assertThat(PartitionMapper.valuesOnly(PartitionView.PARTITION_VIEW_FULL, view))
                .isFalse();
        assertThat(PartitionMapper.valuesOnly(PartitionView.PARTITION_VIEW_VALUES_ONLY, view))
                .isTrue();
        assertThat(PartitionMapper.valuesOnly(PartitionMapper.toView(true), view))
                .isTrue();
        assertThat(PartitionMapper.valuesOnly(PartitionMapper.toView(false), view))
                .isFalse();
        assertInvalid(
                () -> PartitionMapper.valuesOnly(PartitionView.UNRECOGNIZED, view),
                "view",
                "unknown value UNRECOGNIZED");
    }
}
