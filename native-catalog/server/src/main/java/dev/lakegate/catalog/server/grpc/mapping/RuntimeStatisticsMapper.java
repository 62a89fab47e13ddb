package dev.lakegate.catalog.server.grpc.mapping;

import com.google.protobuf.ByteString;
import dev.lakegate.catalog.server.model.RuntimeStatistics;

/** Runtime statistics between the domain and the wire. */
public final class RuntimeStatisticsMapper {

    private RuntimeStatisticsMapper() {}

    public static dev.lakegate.catalog.v1.RuntimeStatistics toProto(RuntimeStatistics statistics) {
        return dev.lakegate.catalog.v1.RuntimeStatistics.newBuilder()
                .setCreateTime(ValueMapper.toProto(statistics.createTime()))
                .setWeight(statistics.weight())
                .setPayload(ByteString.copyFrom(statistics.payload()))
                .build();
    }

    public static RuntimeStatistics toDomain(dev.lakegate.catalog.v1.RuntimeStatistics statistics, FieldPath path) {
        return new RuntimeStatistics(
                ValueMapper.toInstant(statistics.getCreateTime(), path.field("create_time")),
                statistics.getWeight(),
                statistics.getPayload().toByteArray());
    }
}
