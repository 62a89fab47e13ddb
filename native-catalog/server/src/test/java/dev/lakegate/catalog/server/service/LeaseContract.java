package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Lease;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

public interface LeaseContract extends CatalogContract {

    private static List<Lease.Resource> exclusive(String namespace, String table) {
        return List.of(new Lease.Resource(namespace, table, Lease.Mode.EXCLUSIVE));
    }

    @Test
    default void exclusiveLeaseQueuesTheNextOneUntilReleased() {
        String namespace = CatalogFixtures.unique("locks");
        Lease first = catalog().acquireLease(exclusive(namespace, "not_created_yet"), "writer-1", Duration.ZERO);
        assertThat(first.state()).isEqualTo(Lease.State.ACQUIRED);
        assertThat(first.expireTime()).isEqualTo(clock().instant().plus(Duration.ofMinutes(5)));

        Lease second =
                catalog().acquireLease(exclusive(namespace, "NOT_CREATED_YET"), "writer-2", Duration.ofSeconds(30));
        assertThat(second.state()).isEqualTo(Lease.State.WAITING);
        assertThat(catalog().getLease(second.id()).state()).isEqualTo(Lease.State.WAITING);
        Lease other = catalog().acquireLease(exclusive(namespace, "other"), "writer-3", Duration.ofSeconds(30));
        assertThat(other.state()).isEqualTo(Lease.State.ACQUIRED);
        assertThat(catalog().listLeases(namespace, "not_created_yet"))
                .extracting(Lease::id)
                .containsExactly(first.id(), second.id());

        catalog().releaseLease(first.id());
        Lease now = catalog().getLease(second.id());
        assertThat(now.state()).isEqualTo(Lease.State.ACQUIRED);
        assertThat(now.acquireTime()).isPresent();
        assertCatalogError(ErrorCode.LEASE_NOT_FOUND, () -> catalog().releaseLease(first.id()));
    }

    @Test
    default void sharedLeasesCoexistButANamespaceLeaseCoversItsTables() {
        String namespace = CatalogFixtures.unique("locks");
        Lease reader1 = catalog()
                .acquireLease(List.of(new Lease.Resource(namespace, "t", Lease.Mode.SHARED)), "r1", Duration.ZERO);
        Lease reader2 = catalog()
                .acquireLease(List.of(new Lease.Resource(namespace, "t", Lease.Mode.SHARED)), "r2", Duration.ZERO);
        assertThat(List.of(reader1.state(), reader2.state())).containsOnly(Lease.State.ACQUIRED);
        Lease wholeNamespace = catalog().acquireLease(exclusive(namespace, ""), "dropper", Duration.ZERO);
        assertThat(wholeNamespace.state()).isEqualTo(Lease.State.WAITING);
        catalog().releaseLease(reader1.id());
        catalog().releaseLease(reader2.id());
        assertThat(catalog().getLease(wholeNamespace.id()).state()).isEqualTo(Lease.State.ACQUIRED);
    }

    @Test
    default void leaseExpiresUnlessHeartbeated() {
        String namespace = CatalogFixtures.unique("locks");
        Lease held = catalog().acquireLease(exclusive(namespace, "t"), "w", Duration.ofSeconds(10));
        Lease waiting = catalog().acquireLease(exclusive(namespace, "t"), "w2", Duration.ofSeconds(60));
        clock().advance(Duration.ofSeconds(8));
        assertThat(catalog().heartbeatLease(held.id()).expireTime())
                .isEqualTo(clock().instant().plus(Duration.ofSeconds(10)));
        clock().advance(Duration.ofSeconds(8));
        assertThat(catalog().getLease(waiting.id()).state()).isEqualTo(Lease.State.WAITING);
        clock().advance(Duration.ofSeconds(3));
        assertCatalogError(ErrorCode.LEASE_NOT_FOUND, () -> catalog().heartbeatLease(held.id()))
                .hasMessageContaining("expired");
        assertThat(catalog().getLease(waiting.id()).state()).isEqualTo(Lease.State.ACQUIRED);
        catalog().releaseLease(waiting.id());
    }

    @Test
    default void leaseRequestsOutOfRangeAreRefused() {
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> catalog().acquireLease(List.of(), "w", Duration.ZERO));
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> catalog().acquireLease(exclusive("ns", "t"), "w", Duration.ofMillis(10)));
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT, () -> catalog().acquireLease(exclusive("bad/ns", "t"), "w", Duration.ZERO));
        assertCatalogError(ErrorCode.LEASE_NOT_FOUND, () -> catalog().getLease(987_654_321L));
    }
}
