package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.ConstraintKind;
import dev.lakegate.catalog.server.model.ConstraintOf;
import dev.lakegate.catalog.server.model.ForeignKeyReference;
import dev.lakegate.catalog.server.model.TableConstraint;
import java.util.Optional;

/** Constraints between catalog.proto and the domain. */
public final class ConstraintMapper {

    private ConstraintMapper() {}

    public static TableConstraint toDomain(dev.lakegate.catalog.v1.TableConstraint proto, FieldPath path) {
        Optional<ForeignKeyReference> references = proto.hasReferences()
                ? Optional.of(new ForeignKeyReference(
                        TableMapper.toDomain(proto.getReferences().getTable()),
                        proto.getReferences().getColumnsList(),
                        proto.getReferences().getUpdateRule(),
                        proto.getReferences().getDeleteRule()))
                : Optional.empty();
        return new TableConstraint(
                proto.getName(),
                EnumMapper.toDomain(proto.getKind(), ConstraintKind.class, path.field("kind")),
                proto.getColumnsList(),
                references,
                proto.hasExpression() ? Optional.of(proto.getExpression()) : Optional.empty(),
                proto.getEnforced(),
                proto.getValidated(),
                proto.getRely(),
                false);
    }

    /** A constraint as the catalog answered it, with its table and whether it is derived. */
    public static ConstraintOf answered(dev.lakegate.catalog.v1.TableConstraint proto) {
        TableConstraint declared = toDomain(proto, FieldPath.root("constraint"));
        return new ConstraintOf(
                TableMapper.toDomain(proto.getTable()),
                new TableConstraint(
                        declared.name(),
                        declared.kind(),
                        declared.columns(),
                        declared.references(),
                        declared.expression(),
                        declared.enforced(),
                        declared.validated(),
                        declared.rely(),
                        proto.getDerived()));
    }

    public static dev.lakegate.catalog.v1.TableConstraint toProto(TableConstraint constraint) {
        return toProto(new ConstraintOf(
                        dev.lakegate.catalog.server.model.TableIdentifier.inDefaultCatalog("", ""), constraint))
                .toBuilder()
                .clearTable()
                .build();
    }

    public static dev.lakegate.catalog.v1.TableConstraint toProto(ConstraintOf owned) {
        TableConstraint constraint = owned.constraint();
        dev.lakegate.catalog.v1.TableConstraint.Builder proto = dev.lakegate.catalog.v1.TableConstraint.newBuilder()
                .setTable(TableMapper.toProto(owned.table()))
                .setName(constraint.name())
                .setKind(EnumMapper.toProto(constraint.kind(), dev.lakegate.catalog.v1.ConstraintKind.class))
                .addAllColumns(constraint.columns())
                .setEnforced(constraint.enforced())
                .setValidated(constraint.validated())
                .setRely(constraint.rely())
                .setDerived(constraint.derived());
        constraint.expression().ifPresent(proto::setExpression);
        constraint
                .references()
                .ifPresent(reference -> proto.setReferences(dev.lakegate.catalog.v1.ForeignKeyReference.newBuilder()
                        .setTable(TableMapper.toProto(reference.table()))
                        .addAllColumns(reference.columns())
                        .setUpdateRule(reference.updateRule())
                        .setDeleteRule(reference.deleteRule())));
        return proto.build();
    }
}
