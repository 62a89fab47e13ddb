package dev.lakegate.catalog.client;

import dev.lakegate.catalog.v1.AccessServiceGrpc;
import dev.lakegate.catalog.v1.AccessServiceGrpc.AccessServiceBlockingStub;
import dev.lakegate.catalog.v1.CreateRoleRequest;
import dev.lakegate.catalog.v1.DropRoleRequest;
import dev.lakegate.catalog.v1.GrantRoleRequest;
import dev.lakegate.catalog.v1.ListRoleGrantsRequest;
import dev.lakegate.catalog.v1.ListRolesRequest;
import dev.lakegate.catalog.v1.Principal;
import dev.lakegate.catalog.v1.RevokeRoleRequest;
import dev.lakegate.catalog.v1.Role;
import dev.lakegate.catalog.v1.RoleGrant;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/** The catalog's roles and their grants through a {@link CatalogClient}, with its principal and deadline. */
public final class Roles {

    private final Supplier<AccessServiceBlockingStub> stub;

    Roles(io.grpc.Channel channel, String principal, Optional<Duration> deadline) {
        AccessServiceBlockingStub base =
                CallerStubs.withPrincipal(AccessServiceGrpc.newBlockingStub(channel), principal);
        this.stub = () -> CallerStubs.forCall(base, deadline);
    }

    public Role create(Role role) {
        return call(stub ->
                stub.createRole(CreateRoleRequest.newBuilder().setRole(role).build()));
    }

    public void drop(String name) {
        call(stub -> stub.dropRole(DropRoleRequest.newBuilder().setName(name).build()));
    }

    /** Every role, by name. */
    public List<Role> list() {
        return call(
                stub -> stub.listRoles(ListRolesRequest.getDefaultInstance()).getRolesList());
    }

    public RoleGrant grant(GrantRoleRequest request) {
        return call(stub -> stub.grantRole(request));
    }

    public void revoke(RevokeRoleRequest request) {
        call(stub -> stub.revokeRole(request));
    }

    /** The roles granted to the member itself (a user's with the implicit {@code public}). */
    public List<RoleGrant> grantsOf(Principal member) {
        return call(stub -> stub.listRoleGrants(
                        ListRoleGrantsRequest.newBuilder().setMember(member).build())
                .getGrantsList());
    }

    /** The members of the role. */
    public List<RoleGrant> membersOf(String role) {
        return call(stub -> stub.listRoleGrants(
                        ListRoleGrantsRequest.newBuilder().setRole(role).build())
                .getGrantsList());
    }

    private <T> T call(Function<AccessServiceBlockingStub, T> rpc) {
        try {
            return rpc.apply(stub.get());
        } catch (StatusRuntimeException e) {
            throw CatalogClientException.from(e);
        }
    }
}
