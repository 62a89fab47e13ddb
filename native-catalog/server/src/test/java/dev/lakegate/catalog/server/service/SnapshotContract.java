package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.RefType;
import dev.lakegate.catalog.server.model.SnapshotRef;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

public interface SnapshotContract extends CatalogContract {

    private Table withTwoSnapshots(String name) {
        String namespace = newNamespace();
        Table table = catalog().createTable(CatalogFixtures.icebergTable(namespace, name), context());
        return catalog()
                .commitTable(
                        new TableCommit(
                                table.identifier(),
                                List.of(new TableRequirement.AssertRefSnapshot("main", Optional.empty())),
                                List.of(
                                        new TableUpdate.AddSnapshot(CatalogFixtures.snapshot(1, Optional.empty())),
                                        new TableUpdate.SetRef(SnapshotRef.branch("main", 1)),
                                        new TableUpdate.AddSnapshot(CatalogFixtures.snapshot(2, Optional.of(1L))),
                                        new TableUpdate.SetRef(SnapshotRef.branch("main", 2)))),
                        context());
    }

    @Test
    default void snapshotsAndRefsAreKeptAndOnlyTheFullViewListsSnapshots() {
        Table table = withTwoSnapshots("t");
        assertThat(table.currentSnapshotId()).contains(2L);
        assertThat(table.snapshots()).isEmpty();
        assertThat(table.refs()).containsExactly(SnapshotRef.branch("main", 2));

        Table full = catalog().getTable(table.identifier(), TableView.FULL);
        assertThat(full.snapshots())
                .containsExactly(
                        CatalogFixtures.snapshot(1, Optional.empty()), CatalogFixtures.snapshot(2, Optional.of(1L)));
        assertThat(catalog().getTable(table.identifier(), TableView.BASIC).snapshots())
                .isEmpty();
    }

    @Test
    default void tagsAndBranchesPointAtSnapshotsTheTableHas() {
        Table table = withTwoSnapshots("t");
        SnapshotRef tag = new SnapshotRef(
                "release", RefType.TAG, 1, Optional.empty(), Optional.empty(), Optional.of(86_400_000L));
        SnapshotRef branch =
                new SnapshotRef("audit", RefType.BRANCH, 2, Optional.of(3), Optional.of(1000L), Optional.empty());
        Table tagged = catalog()
                .commitTable(
                        new TableCommit(
                                table.identifier(),
                                List.of(new TableRequirement.AssertRefSnapshot("release", Optional.empty())),
                                List.of(new TableUpdate.SetRef(tag), new TableUpdate.SetRef(branch))),
                        context());
        assertThat(tagged.refs()).containsExactly(branch, SnapshotRef.branch("main", 2), tag);
        assertThat(tagged.currentSnapshotId()).contains(2L);

        assertCatalogError(
                        ErrorCode.SNAPSHOT_NOT_FOUND,
                        () -> catalog()
                                .commitTable(
                                        new TableCommit(
                                                table.identifier(),
                                                List.of(),
                                                List.of(new TableUpdate.SetRef(SnapshotRef.tag("bad", 99)))),
                                        context()))
                .hasMessageContaining("99");
        assertCatalogError(
                        ErrorCode.INVALID_ARGUMENT,
                        () -> catalog()
                                .commitTable(
                                        new TableCommit(
                                                table.identifier(),
                                                List.of(),
                                                List.of(new TableUpdate.RemoveSnapshots(List.of(1L)))),
                                        context()))
                .hasMessageContaining("still referenced by ref 'release'");
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> catalog()
                        .commitTable(
                                new TableCommit(
                                        table.identifier(),
                                        List.of(),
                                        List.of(new TableUpdate.AddSnapshot(
                                                CatalogFixtures.snapshot(2, Optional.empty())))),
                                context()));
        assertThat(catalog().getTable(table.identifier(), TableView.BASIC)).isEqualTo(tagged);

        Table rolledBack = catalog()
                .commitTable(
                        new TableCommit(
                                table.identifier(),
                                List.of(new TableRequirement.AssertRefSnapshot("main", Optional.of(2L))),
                                List.of(
                                        new TableUpdate.SetRef(SnapshotRef.branch("main", 1)),
                                        new TableUpdate.RemoveRef("audit"))),
                        context());
        assertThat(rolledBack.currentSnapshotId()).contains(1L);
        assertThat(rolledBack.findRef("audit")).isEmpty();
        assertCatalogError(
                        ErrorCode.REQUIREMENT_FAILED,
                        () -> catalog()
                                .commitTable(
                                        new TableCommit(
                                                table.identifier(),
                                                List.of(new TableRequirement.AssertRefSnapshot(
                                                        "main", Optional.of(2L))),
                                                List.of()),
                                        context()))
                .hasMessageContaining("snapshot of ref 'main' is 1, expected 2");
    }

    @Test
    default void metadataLocationSwapsOnlyFromTheExpectedOne() {
        Table table = withTwoSnapshots("t");
        String current = table.metadataLocation();
        Table swapped = catalog()
                .commitTable(
                        new TableCommit(
                                table.identifier(),
                                List.of(new TableRequirement.AssertMetadataLocation(current)),
                                List.of(new TableUpdate.SetMetadataLocation("s3://m/00001.metadata.json"))),
                        context());
        assertThat(swapped.metadataLocation()).isEqualTo("s3://m/00001.metadata.json");
        assertCatalogError(
                ErrorCode.REQUIREMENT_FAILED,
                () -> catalog()
                        .commitTable(
                                new TableCommit(
                                        table.identifier(),
                                        List.of(new TableRequirement.AssertMetadataLocation(current)),
                                        List.of(new TableUpdate.SetMetadataLocation("s3://m/00002.metadata.json"))),
                                context()));
        assertThat(catalog().getTable(table.identifier(), TableView.BASIC).metadataLocation())
                .isEqualTo("s3://m/00001.metadata.json");
    }
}
