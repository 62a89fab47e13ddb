package dev.lakegate.catalog.server.grpc.mapping;

import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.assertInvalid;
import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.overTheWire;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.grpc.DomainFixtures;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.service.TableView;
import dev.lakegate.catalog.v1.HiveTableKind;
import dev.lakegate.catalog.v1.RefType;
import dev.lakegate.catalog.v1.TableFormat;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TableProtoMappingTest {

    @Test
    void hiveTableSurvivesTheTrip() {
        Table table = DomainFixtures.hiveTable();
        assertThat(roundTrip(table)).isEqualTo(table);
    }

    @Test
    void icebergTableWithSnapshotsAndRefsSurvivesTheTrip() {
        Table table = DomainFixtures.icebergTable();
        assertThat(roundTrip(table)).isEqualTo(table);
        // The optional parts really are absent on the wire where the model has none.
        dev.lakegate.catalog.v1.Table proto = TableMapper.toProto(table);
        assertThat(proto.hasHive()).isFalse();
        assertThat(proto.getSnapshots(0).hasParentSnapshotId()).isFalse();
        assertThat(proto.getSnapshots(1).hasSchemaId()).isFalse();
        assertThat(proto.getRefs(0).hasMinSnapshotsToKeep()).isFalse();
    }

    @Test
    void tableWithoutCurrentSnapshotKeepsItAbsent() {
        Table table = DomainFixtures.icebergTable().toBuilder()
                .currentSnapshotId(Optional.empty())
                .build();
        assertThat(TableMapper.toProto(table).hasCurrentSnapshotId()).isFalse();
        assertThat(roundTrip(table)).isEqualTo(table);
    }

    @Test
    void etagIsTheVersion() {
        assertThat(TableMapper.toProto(DomainFixtures.hiveTable()).getEtag()).isEqualTo("7");
        assertThat(ValueMapper.expectedVersion("7", FieldPath.root("etag"))).contains(7L);
        assertThat(ValueMapper.expectedVersion("", FieldPath.root("etag"))).isEmpty();
    }

    @Test
    void malformedEtagsAreInvalid() {
        for (String etag : new String[] {"abc", "-1", "+5", "1.0", " 7", "99999999999999999999"}) {
            assertInvalid(
                    () -> ValueMapper.expectedVersion(etag, FieldPath.root("etag")),
                    "etag",
                    "malformed etag '" + etag + "'");
        }
    }

    @Test
    void absentIdReadsAsNoIdAndMalformedIdIsInvalid() {
        dev.lakegate.catalog.v1.Table proto = TableMapper.toProto(DomainFixtures.hiveTable()).toBuilder()
                .setId("")
                .build();
        assertThat(TableMapper.toDomain(proto, FieldPath.root("table")).id()).isEqualTo(ValueMapper.NO_ID);
        assertInvalid(
                () -> TableMapper.toDomain(proto.toBuilder().setId("not-a-uuid").build(), FieldPath.root("table")),
                "table.id",
                "malformed UUID 'not-a-uuid'");
    }

    @Test
    void unspecifiedEnumsAreInvalidWhereTheyMatter() {
        dev.lakegate.catalog.v1.Table proto = TableMapper.toProto(DomainFixtures.hiveTable());
        assertInvalid(
                () -> toDomain(proto.toBuilder()
                        .setFormat(TableFormat.TABLE_FORMAT_UNSPECIFIED)
                        .build()),
                "table.format",
                "unknown value TABLE_FORMAT_UNSPECIFIED");
        assertInvalid(
                () -> toDomain(proto.toBuilder()
                        .setHive(proto.getHive().toBuilder().setKind(HiveTableKind.HIVE_TABLE_KIND_UNSPECIFIED))
                        .build()),
                "table.hive.kind",
                "unknown value HIVE_TABLE_KIND_UNSPECIFIED");
        dev.lakegate.catalog.v1.Table iceberg = TableMapper.toProto(DomainFixtures.icebergTable());
        assertInvalid(
                () -> toDomain(iceberg.toBuilder()
                        .setRefs(1, iceberg.getRefs(1).toBuilder().setType(RefType.REF_TYPE_UNSPECIFIED))
                        .build()),
                "table.refs[1].type",
                "unknown value REF_TYPE_UNSPECIFIED");
    }

    @Test
    void unspecifiedOwnerTypeIsTheModelsDefault() {
        dev.lakegate.catalog.v1.Table proto = TableMapper.toProto(DomainFixtures.hiveTable()).toBuilder()
                .setOwnerType(dev.lakegate.catalog.v1.PrincipalType.PRINCIPAL_TYPE_UNSPECIFIED)
                .build();
        assertThat(toDomain(proto).ownerType()).isEqualTo(PrincipalType.USER);
    }

    @Test
    void viewsDefaultByKindOfRead() {
        FieldPath view = FieldPath.root("view");
        assertThat(TableMapper.toDomain(
                        dev.lakegate.catalog.v1.TableView.TABLE_VIEW_UNSPECIFIED, TableView.BASIC, view))
                .isEqualTo(TableView.BASIC);
        assertThat(TableMapper.toDomain(
                        dev.lakegate.catalog.v1.TableView.TABLE_VIEW_UNSPECIFIED, TableView.NAME_ONLY, view))
                .isEqualTo(TableView.NAME_ONLY);
        for (TableView domain : TableView.values()) {
            assertThat(TableMapper.toDomain(TableMapper.toProto(domain), TableView.BASIC, view))
                    .isEqualTo(domain);
        }
    }

    private static Table roundTrip(Table table) {
        return toDomain(overTheWire(TableMapper.toProto(table)));
    }

    private static Table toDomain(dev.lakegate.catalog.v1.Table table) {
        return TableMapper.toDomain(table, FieldPath.root("table"));
    }
}
