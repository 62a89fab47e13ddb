package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.PrivilegeMapper;
import dev.lakegate.catalog.server.grpc.mapping.RoleMapper;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.Principal;
import dev.lakegate.catalog.server.model.PrivilegeGrant;
import dev.lakegate.catalog.server.model.PrivilegeObject;
import dev.lakegate.catalog.server.model.RoleGrant;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.PrivilegeOperations;
import dev.lakegate.catalog.server.service.RoleOperations;
import dev.lakegate.catalog.v1.AccessServiceGrpc;
import dev.lakegate.catalog.v1.CreateRoleRequest;
import dev.lakegate.catalog.v1.DropRoleRequest;
import dev.lakegate.catalog.v1.DropRoleResponse;
import dev.lakegate.catalog.v1.GrantPrivilegesRequest;
import dev.lakegate.catalog.v1.GrantPrivilegesResponse;
import dev.lakegate.catalog.v1.GrantRoleRequest;
import dev.lakegate.catalog.v1.ListPrivilegeGrantsRequest;
import dev.lakegate.catalog.v1.ListPrivilegeGrantsResponse;
import dev.lakegate.catalog.v1.ListRoleGrantsRequest;
import dev.lakegate.catalog.v1.ListRoleGrantsResponse;
import dev.lakegate.catalog.v1.ListRolesRequest;
import dev.lakegate.catalog.v1.ListRolesResponse;
import dev.lakegate.catalog.v1.RefreshPrivilegesRequest;
import dev.lakegate.catalog.v1.RefreshPrivilegesResponse;
import dev.lakegate.catalog.v1.RevokePrivilegesRequest;
import dev.lakegate.catalog.v1.RevokePrivilegesResponse;
import dev.lakegate.catalog.v1.RevokeRoleRequest;
import dev.lakegate.catalog.v1.RevokeRoleResponse;
import dev.lakegate.catalog.v1.Role;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.Optional;

/** The gRPC door to who may do what (roles and their grants); failures become statuses through {@link ErrorMapper}. */
final class GrpcAccessService extends AccessServiceGrpc.AccessServiceImplBase {

    private final Catalog catalog;

    GrpcAccessService(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    @Override
    public void createRole(CreateRoleRequest request, StreamObserver<Role> response) {
        UnaryCall.run(
                response,
                () -> RoleMapper.toProto(roles().create(
                                request.getRole().getName(), request.getRole().getOwner())));
    }

    @Override
    public void dropRole(DropRoleRequest request, StreamObserver<DropRoleResponse> response) {
        UnaryCall.run(response, () -> {
            roles().drop(request.getName());
            return DropRoleResponse.getDefaultInstance();
        });
    }

    @Override
    public void listRoles(ListRolesRequest request, StreamObserver<ListRolesResponse> response) {
        UnaryCall.run(
                response,
                () -> ListRolesResponse.newBuilder()
                        .addAllRoles(
                                roles().list().stream().map(RoleMapper::toProto).toList())
                        .build());
    }

    @Override
    public void grantRole(GrantRoleRequest request, StreamObserver<dev.lakegate.catalog.v1.RoleGrant> response) {
        UnaryCall.run(
                response,
                () -> RoleMapper.toProto(roles().grant(
                                request.getRole(),
                                RoleMapper.toDomain(request.getMember(), FieldPath.root("member")),
                                request.getGrantOption(),
                                RoleMapper.toDomain(
                                        request.hasGrantor(), request.getGrantor(), FieldPath.root("grantor")))));
    }

    @Override
    public void revokeRole(RevokeRoleRequest request, StreamObserver<RevokeRoleResponse> response) {
        UnaryCall.run(response, () -> {
            roles().revoke(
                            request.getRole(),
                            RoleMapper.toDomain(request.getMember(), FieldPath.root("member")),
                            request.getGrantOptionOnly());
            return RevokeRoleResponse.getDefaultInstance();
        });
    }

    @Override
    public void listRoleGrants(ListRoleGrantsRequest request, StreamObserver<ListRoleGrantsResponse> response) {
        UnaryCall.run(response, () -> {
            List<RoleGrant> grants = switch (request.getOfCase()) {
                case MEMBER -> roles().grantsOf(RoleMapper.toDomain(request.getMember(), FieldPath.root("member")));
                case ROLE -> roles().membersOf(request.getRole());
                case OF_NOT_SET -> throw CatalogException.invalidArgument("of", "name a member or a role");
            };
            return ListRoleGrantsResponse.newBuilder()
                    .addAllGrants(grants.stream().map(RoleMapper::toProto).toList())
                    .build();
        });
    }

    @Override
    public void grantPrivileges(GrantPrivilegesRequest request, StreamObserver<GrantPrivilegesResponse> response) {
        UnaryCall.run(response, () -> {
            List<PrivilegeGrant> grants =
                    FieldPath.root("grants").mapEach(request.getGrantsList(), PrivilegeMapper::toDomain);
            return GrantPrivilegesResponse.newBuilder()
                    .addAllGrants(catalog.privileges().grant(grants).stream()
                            .map(PrivilegeMapper::toProto)
                            .toList())
                    .build();
        });
    }

    @Override
    public void revokePrivileges(RevokePrivilegesRequest request, StreamObserver<RevokePrivilegesResponse> response) {
        UnaryCall.run(response, () -> {
            catalog.privileges()
                    .revoke(
                            FieldPath.root("grants").mapEach(request.getGrantsList(), PrivilegeMapper::toDomain),
                            request.getGrantOptionOnly());
            return RevokePrivilegesResponse.getDefaultInstance();
        });
    }

    @Override
    public void refreshPrivileges(
            RefreshPrivilegesRequest request, StreamObserver<RefreshPrivilegesResponse> response) {
        UnaryCall.run(response, () -> {
            PrivilegeOperations.RefreshedPrivileges done = catalog.privileges()
                    .refresh(
                            PrivilegeMapper.toDomain(request.getObject(), FieldPath.root("object")),
                            request.getAuthorizer(),
                            FieldPath.root("grants").mapEach(request.getGrantsList(), PrivilegeMapper::toDomain));
            return RefreshPrivilegesResponse.newBuilder()
                    .setRevoked(done.revoked())
                    .setGranted(done.granted())
                    .build();
        });
    }

    @Override
    public void listPrivilegeGrants(
            ListPrivilegeGrantsRequest request, StreamObserver<ListPrivilegeGrantsResponse> response) {
        UnaryCall.run(response, () -> {
            Optional<PrivilegeObject> object = request.hasObject()
                    ? Optional.of(PrivilegeMapper.toDomain(request.getObject(), FieldPath.root("object")))
                    : Optional.empty();
            List<Principal> principals =
                    FieldPath.root("principals").mapEach(request.getPrincipalsList(), RoleMapper::toDomain);
            return ListPrivilegeGrantsResponse.newBuilder()
                    .addAllGrants(catalog.privileges().list(object, principals).stream()
                            .map(PrivilegeMapper::toProto)
                            .toList())
                    .build();
        });
    }

    private RoleOperations roles() {
        return catalog.roles();
    }
}
