package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.v1.ComparisonOperator;
import dev.lakegate.catalog.v1.KeyBetween;
import dev.lakegate.catalog.v1.KeyComparison;
import dev.lakegate.catalog.v1.KeyIn;
import dev.lakegate.catalog.v1.KeyLike;
import dev.lakegate.catalog.v1.PartitionFilterList;

/** Partition filters, an expression tree either way. */
public final class PartitionFilterMapper {

    private PartitionFilterMapper() {}

    public static dev.lakegate.catalog.v1.PartitionFilter toProto(PartitionFilter filter) {
        var proto = dev.lakegate.catalog.v1.PartitionFilter.newBuilder();
        if (filter instanceof PartitionFilter.And and) {
            proto.setAnd(PartitionFilterList.newBuilder()
                    .addAllOperands(and.operands().stream()
                            .map(PartitionFilterMapper::toProto)
                            .toList()));
        } else if (filter instanceof PartitionFilter.Or or) {
            proto.setOr(PartitionFilterList.newBuilder()
                    .addAllOperands(or.operands().stream()
                            .map(PartitionFilterMapper::toProto)
                            .toList()));
        } else if (filter instanceof PartitionFilter.Not not) {
            proto.setNot(toProto(not.operand()));
        } else if (filter instanceof PartitionFilter.Compare compare) {
            proto.setCompare(KeyComparison.newBuilder()
                    .setKey(compare.key())
                    .setOperator(EnumMapper.toProto(compare.operator(), ComparisonOperator.class))
                    .setValue(compare.value()));
        } else if (filter instanceof PartitionFilter.In in) {
            proto.setIn(KeyIn.newBuilder()
                    .setKey(in.key())
                    .addAllValues(in.values())
                    .setNegated(in.negated()));
        } else if (filter instanceof PartitionFilter.Between between) {
            proto.setBetween(KeyBetween.newBuilder()
                    .setKey(between.key())
                    .setLow(between.low())
                    .setHigh(between.high())
                    .setNegated(between.negated()));
        } else if (filter instanceof PartitionFilter.Like like) {
            proto.setLike(KeyLike.newBuilder()
                    .setKey(like.key())
                    .setPattern(like.pattern())
                    .setNegated(like.negated()));
        } else {
            throw new IllegalStateException("unmapped partition filter " + filter);
        }
        return proto.build();
    }

    public static PartitionFilter toDomain(dev.lakegate.catalog.v1.PartitionFilter filter, FieldPath path) {
        return switch (filter.getExpressionCase()) {
            case AND ->
                new PartitionFilter.And(path.field("and")
                        .field("operands")
                        .mapEach(filter.getAnd().getOperandsList(), PartitionFilterMapper::toDomain));
            case OR ->
                new PartitionFilter.Or(path.field("or")
                        .field("operands")
                        .mapEach(filter.getOr().getOperandsList(), PartitionFilterMapper::toDomain));
            case NOT -> new PartitionFilter.Not(toDomain(filter.getNot(), path.field("not")));
            case COMPARE -> {
                KeyComparison compare = filter.getCompare();
                yield new PartitionFilter.Compare(
                        compare.getKey(),
                        EnumMapper.toDomain(
                                compare.getOperator(),
                                PartitionFilter.Operator.class,
                                path.field("compare").field("operator")),
                        compare.getValue());
            }
            case IN ->
                new PartitionFilter.In(
                        filter.getIn().getKey(),
                        filter.getIn().getValuesList(),
                        filter.getIn().getNegated());
            case BETWEEN -> {
                KeyBetween between = filter.getBetween();
                yield new PartitionFilter.Between(
                        between.getKey(), between.getLow(), between.getHigh(), between.getNegated());
            }
            case LIKE ->
                new PartitionFilter.Like(
                        filter.getLike().getKey(),
                        filter.getLike().getPattern(),
                        filter.getLike().getNegated());
            case EXPRESSION_NOT_SET -> throw path.invalid("unknown expression");
        };
    }
}
