package dev.lakegate.catalog.server.grpc.mapping;

import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.assertInvalid;
import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.overTheWire;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.grpc.DomainFixtures;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import dev.lakegate.catalog.v1.AddSchema;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.Field;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommitProtoMappingTest {

    @Test
    void everyRequirementSurvivesTheTrip() {
        for (TableRequirement requirement : DomainFixtures.everyRequirement()) {
            assertThat(CommitMapper.toDomain(overTheWire(CommitMapper.toProto(requirement)), FieldPath.root("r")))
                    .isEqualTo(requirement);
        }
        // The fixture really covers every kind (a new one must be added to it).
        MappingAssertions.assertCoversEveryKind(DomainFixtures.everyRequirement(), TableRequirement.class);
    }

    @Test
    void everyUpdateSurvivesTheTrip() {
        for (TableUpdate update : DomainFixtures.everyUpdate()) {
            assertThat(CommitMapper.toDomain(overTheWire(CommitMapper.toProto(update)), FieldPath.root("u")))
                    .isEqualTo(update);
        }
        MappingAssertions.assertCoversEveryKind(DomainFixtures.everyUpdate(), TableUpdate.class);
    }

    @Test
    void commitSurvivesTheTrip() {
        TableCommit commit =
                new TableCommit(DomainFixtures.SALES, DomainFixtures.everyRequirement(), DomainFixtures.everyUpdate());
        assertThat(CommitMapper.toDomain(overTheWire(CommitMapper.toProto(commit)), FieldPath.root("")))
                .isEqualTo(commit);
    }

    @Test
    void emptyOneofsAreInvalidAndNamed() {
        CommitTableRequest request = CommitTableRequest.newBuilder()
                .addRequirements(CommitMapper.toProto(new TableRequirement.AssertVersion(1)))
                .addRequirements(dev.lakegate.catalog.v1.TableRequirement.getDefaultInstance())
                .build();
        assertInvalid(
                () -> CommitMapper.toDomain(request, FieldPath.root("")), "requirements[1]", "unknown requirement");
        CommitTableRequest updates = CommitTableRequest.newBuilder()
                .addUpdates(dev.lakegate.catalog.v1.TableUpdate.getDefaultInstance())
                .build();
        assertInvalid(
                () -> CommitMapper.toDomain(updates, FieldPath.root("commits").index(2)),
                "commits[2].updates[0]",
                "unknown update");
    }

    @Test
    void invalidSchemaInsideAnUpdateIsNamed() {
        CommitTableRequest request = CommitTableRequest.newBuilder()
                .addAllUpdates(List.of(
                        CommitMapper.toProto(new TableUpdate.SetLocation("x")),
                        dev.lakegate.catalog.v1.TableUpdate.newBuilder()
                                .setAddSchema(AddSchema.newBuilder()
                                        .setSchema(dev.lakegate.catalog.v1.Schema.newBuilder()
                                                .addFields(Field.newBuilder())))
                                .build()))
                .build();
        assertInvalid(
                () -> CommitMapper.toDomain(request, FieldPath.root("")),
                "updates[1].add_schema.schema.fields[0].type",
                "unknown type");
    }

    @Test
    void tableIdAssertionNeedsAWellFormedId() {
        assertInvalid(
                () -> CommitMapper.toDomain(
                        dev.lakegate.catalog.v1.TableRequirement.newBuilder()
                                .setAssertTableId("")
                                .build(),
                        FieldPath.root("r")),
                "r.assert_table_id",
                "missing table id");
        assertInvalid(
                () -> CommitMapper.toDomain(
                        dev.lakegate.catalog.v1.TableRequirement.newBuilder()
                                .setAssertTableId("zz")
                                .build(),
                        FieldPath.root("r")),
                "r.assert_table_id",
                "malformed UUID 'zz'");
    }
}
