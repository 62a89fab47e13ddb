package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.v1.ComparisonOperator;
import dev.lakegate.catalog.v1.KeyComparison;
import dev.lakegate.catalog.v1.KeyIn;
import dev.lakegate.catalog.v1.PartitionFilter;
import dev.lakegate.catalog.v1.PartitionFilterList;
import java.util.stream.IntStream;

/** Partition filter messages as a client builds them, as deep or as large as a hostile one makes them. */
public final class ProtoFilters {

    private ProtoFilters() {}

    public static PartitionFilter equal(String key, String value) {
        return PartitionFilter.newBuilder()
                .setCompare(KeyComparison.newBuilder()
                        .setKey(key)
                        .setOperator(ComparisonOperator.EQUAL)
                        .setValue(value))
                .build();
    }

    /** {@code levels} of and, or and not in turn, each inside the one before, around {@code hr = 1}. */
    public static PartitionFilter nested(int levels) {
        PartitionFilter filter = equal("hr", "1");
        for (int level = levels; level > 0; level--) {
            PartitionFilter.Builder outer = PartitionFilter.newBuilder();
            switch (level % 3) {
                case 0 ->
                    outer.setAnd(PartitionFilterList.newBuilder()
                            .addOperands(equal("hr", "1"))
                            .addOperands(filter));
                case 1 ->
                    outer.setOr(PartitionFilterList.newBuilder()
                            .addOperands(equal("hr", "2"))
                            .addOperands(filter));
                default -> outer.setNot(filter);
            }
            filter = outer.build();
        }
        return filter;
    }

    /** {@code key IN (0, 1, ..., values - 1)}. */
    public static PartitionFilter in(String key, int values) {
        KeyIn.Builder in = KeyIn.newBuilder().setKey(key);
        IntStream.range(0, values).forEach(value -> in.addValues(Integer.toString(value)));
        return PartitionFilter.newBuilder().setIn(in).build();
    }
}
