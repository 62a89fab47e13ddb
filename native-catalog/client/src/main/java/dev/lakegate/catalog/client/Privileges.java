package dev.lakegate.catalog.client;

import dev.lakegate.catalog.v1.AccessServiceGrpc;
import dev.lakegate.catalog.v1.AccessServiceGrpc.AccessServiceBlockingStub;
import dev.lakegate.catalog.v1.GrantPrivilegesRequest;
import dev.lakegate.catalog.v1.ListPrivilegeGrantsRequest;
import dev.lakegate.catalog.v1.Principal;
import dev.lakegate.catalog.v1.PrivilegeGrant;
import dev.lakegate.catalog.v1.PrivilegeObject;
import dev.lakegate.catalog.v1.RefreshPrivilegesRequest;
import dev.lakegate.catalog.v1.RefreshPrivilegesResponse;
import dev.lakegate.catalog.v1.RevokePrivilegesRequest;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/** The privileges granted on the catalog's objects through a {@link CatalogClient}, with its principal and deadline. */
public final class Privileges {

    private final Supplier<AccessServiceBlockingStub> stub;

    Privileges(io.grpc.Channel channel, String principal, Optional<Duration> deadline) {
        AccessServiceBlockingStub base =
                CallerStubs.withPrincipal(AccessServiceGrpc.newBlockingStub(channel), principal);
        this.stub = () -> CallerStubs.forCall(base, deadline);
    }

    /** Grants all or none; answers the grants kept (those on a table or partition not there are skipped). */
    public List<PrivilegeGrant> grant(List<PrivilegeGrant> grants) {
        return call(stub -> stub.grantPrivileges(
                        GrantPrivilegesRequest.newBuilder().addAllGrants(grants).build())
                .getGrantsList());
    }

    /** Revokes all or none: the grants, or only their grant option. */
    public void revoke(List<PrivilegeGrant> grants, boolean grantOptionOnly) {
        call(stub -> stub.revokePrivileges(RevokePrivilegesRequest.newBuilder()
                .addAllGrants(grants)
                .setGrantOptionOnly(grantOptionOnly)
                .build()));
    }

    /**
     * Makes the grants {@code authorizer} made on the object (a namespace, a table, or every column of a table:
     * a COLUMN object without a column) these, in one transaction; answers how many were revoked and granted.
     */
    public RefreshPrivilegesResponse refresh(PrivilegeObject object, String authorizer, List<PrivilegeGrant> grants) {
        return call(stub -> stub.refreshPrivileges(RefreshPrivilegesRequest.newBuilder()
                .setObject(object)
                .setAuthorizer(authorizer)
                .addAllGrants(grants)
                .build()));
    }

    /** The grants on the object (none: on every object) to the principals (empty: to anyone). */
    public List<PrivilegeGrant> list(Optional<PrivilegeObject> object, List<Principal> principals) {
        ListPrivilegeGrantsRequest.Builder request =
                ListPrivilegeGrantsRequest.newBuilder().addAllPrincipals(principals);
        object.ifPresent(request::setObject);
        return call(stub -> stub.listPrivilegeGrants(request.build()).getGrantsList());
    }

    private <T> T call(Function<AccessServiceBlockingStub, T> rpc) {
        try {
            return rpc.apply(stub.get());
        } catch (StatusRuntimeException e) {
            throw CatalogClientException.from(e);
        }
    }
}
