package dev.lakegate.catalog.server.grpc.mapping;

import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.assertInvalid;
import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.overTheWire;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.lakegate.catalog.server.grpc.DomainFixtures;
import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.StatisticsTarget;
import dev.lakegate.catalog.v1.DecimalValue;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatisticsProtoMappingTest {

    @Test
    void everyKindOfStatisticsSurvivesTheTrip() {
        for (ColumnStatistics statistics : DomainFixtures.everyStatistics()) {
            assertThat(StatisticsMapper.toDomain(
                            overTheWire(StatisticsMapper.toProto(statistics)), FieldPath.root("s")))
                    .isEqualTo(statistics);
        }
        MappingAssertions.assertCoversEveryKind(
                DomainFixtures.everyStatistics().stream()
                        .map(ColumnStatistics::data)
                        .toList(),
                ColumnStatistics.Data.class);
    }

    @Test
    void decimalsAreUnscaledTwosComplementBigEndian() {
        DecimalValue value = StatisticsMapper.toProto(new BigDecimal("-1.29"));
        assertThat(value.getUnscaled().toByteArray()).containsExactly(0xFF, 0x7F);
        assertThat(value.getScale()).isEqualTo(2);
        DecimalValue written = DecimalValue.newBuilder()
                .setUnscaled(ByteString.copyFrom(new byte[] {0x01, 0x00}))
                .setScale(-1)
                .build();
        assertThat(StatisticsMapper.toDomain(written, FieldPath.root("d"))).isEqualTo(new BigDecimal("2.56E+3"));
    }

    @Test
    void emptyUnscaledBytesAreInvalid() {
        assertInvalid(
                () -> StatisticsMapper.toDomain(
                        DecimalValue.getDefaultInstance(),
                        FieldPath.root("statistics").index(0).field("decimal").field("low")),
                "statistics[0].decimal.low.unscaled",
                "empty unscaled value");
    }

    @Test
    void targetSurvivesTheTripAndEngineDefaultsToHive() {
        StatisticsTarget target = DomainFixtures.partitionTarget();
        assertThat(StatisticsMapper.toDomain(overTheWire(StatisticsMapper.toProto(target))))
                .isEqualTo(target);
        StatisticsTarget table = StatisticsMapper.toDomain(dev.lakegate.catalog.v1.StatisticsTarget.newBuilder()
                .setTable(TableMapper.toProto(DomainFixtures.SALES))
                .build());
        assertThat(table.engine()).isEqualTo("hive");
        assertThat(table.partitionValues()).isEqualTo(List.of());
    }
}
