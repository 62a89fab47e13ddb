package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.v1.ComparisonOperator;
import dev.lakegate.catalog.v1.KeyBetween;
import dev.lakegate.catalog.v1.KeyComparison;
import dev.lakegate.catalog.v1.KeyIn;
import dev.lakegate.catalog.v1.KeyLike;
import dev.lakegate.catalog.v1.PartitionFilterList;
import java.util.List;

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

    /**
     * The filter in the domain, refused (INVALID_ARGUMENT, naming the limit) when and, or and not nest
     * deeper than {@link CatalogWire#MAX_FILTER_DEPTH} or it compares with more than
     * {@link CatalogWire#MAX_FILTER_VALUES} values. A client on a network connection cannot send one
     * nested much deeper (protobuf refuses to parse it), but one in the same process hands the message
     * over as it is: reading stops at the limit, so no depth costs more stack than that.
     */
    public static PartitionFilter toDomain(dev.lakegate.catalog.v1.PartitionFilter filter, FieldPath path) {
        return new Reading(path).read(filter, path, 0);
    }

    /** One filter being read, with the values counted so far: the limits are on the whole filter. */
    private static final class Reading {
        private final FieldPath root;
        private int values;

        Reading(FieldPath root) {
            this.root = root;
        }

        /** {@code enclosing}: how many and, or and not the filter is inside. */
        PartitionFilter read(dev.lakegate.catalog.v1.PartitionFilter filter, FieldPath path, int enclosing) {
            return switch (filter.getExpressionCase()) {
                case AND -> new PartitionFilter.And(operands(filter.getAnd(), path.field("and"), enclosing));
                case OR -> new PartitionFilter.Or(operands(filter.getOr(), path.field("or"), enclosing));
                case NOT -> new PartitionFilter.Not(read(filter.getNot(), path.field("not"), nested(enclosing)));
                case COMPARE -> {
                    KeyComparison compare = filter.getCompare();
                    count(1);
                    yield new PartitionFilter.Compare(
                            compare.getKey(),
                            EnumMapper.toDomain(
                                    compare.getOperator(),
                                    PartitionFilter.Operator.class,
                                    path.field("compare").field("operator")),
                            compare.getValue());
                }
                case IN -> {
                    count(filter.getIn().getValuesCount());
                    yield new PartitionFilter.In(
                            filter.getIn().getKey(),
                            filter.getIn().getValuesList(),
                            filter.getIn().getNegated());
                }
                case BETWEEN -> {
                    KeyBetween between = filter.getBetween();
                    count(2);
                    yield new PartitionFilter.Between(
                            between.getKey(), between.getLow(), between.getHigh(), between.getNegated());
                }
                case LIKE -> {
                    count(1);
                    yield new PartitionFilter.Like(
                            filter.getLike().getKey(),
                            filter.getLike().getPattern(),
                            filter.getLike().getNegated());
                }
                case EXPRESSION_NOT_SET -> throw path.invalid("unknown expression");
            };
        }

        private List<PartitionFilter> operands(PartitionFilterList list, FieldPath path, int enclosing) {
            int level = nested(enclosing);
            return path.field("operands").mapEach(list.getOperandsList(), (operand, at) -> read(operand, at, level));
        }

        /** The level of an and, or or not inside {@code enclosing} others, refused beyond the limit. */
        private int nested(int enclosing) {
            if (enclosing == CatalogWire.MAX_FILTER_DEPTH) {
                throw root.invalid("and, or and not nest more than " + CatalogWire.MAX_FILTER_DEPTH
                        + " levels deep, the limit of a partition filter");
            }
            return enclosing + 1;
        }

        private void count(int more) {
            values += more;
            if (values > CatalogWire.MAX_FILTER_VALUES) {
                throw root.invalid("compares with more than " + CatalogWire.MAX_FILTER_VALUES
                        + " values, the limit of a partition filter");
            }
        }
    }
}
