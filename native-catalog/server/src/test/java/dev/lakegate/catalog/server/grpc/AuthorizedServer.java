package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.server.authz.AuthorizationMode;
import dev.lakegate.catalog.server.authz.AuthorizationSettings;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.service.CatalogFixtures;
import dev.lakegate.catalog.server.service.CatalogService;
import dev.lakegate.catalog.server.store.ScratchStore;
import dev.lakegate.catalog.v1.CreateTableRequest;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.Principal;
import dev.lakegate.catalog.v1.PrincipalType;
import dev.lakegate.catalog.v1.PrivilegeGrant;
import dev.lakegate.catalog.v1.PrivilegeObject;
import dev.lakegate.catalog.v1.PrivilegeObjectKind;
import dev.lakegate.catalog.v1.Table;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A real catalog (service on a scratch store) served over TCP on the loopback with authorization set as a test
 * asks, and clients calling it as one principal or another.
 */
final class AuthorizedServer implements AutoCloseable {

    static final String ADMIN = "root";

    final ScratchStore store;
    final CatalogGrpcServer server;
    final Path auditLog;
    private final List<CatalogClient> clients = new ArrayList<>();

    private AuthorizedServer(ScratchStore store, CatalogGrpcServer server, Path auditLog) {
        this.store = store;
        this.server = server;
        this.auditLog = auditLog;
    }

    static AuthorizedServer start(ScratchStore store, AuthorizationMode mode, boolean openUngranted) {
        try {
            Path auditLog = Files.createTempFile("lakegate-audit-", ".jsonl");
            Files.delete(auditLog);
            CatalogService catalog = new CatalogService(store.store());
            CatalogGrpcServer server = CatalogGrpcServer.builder(catalog, catalog)
                    .listen(0)
                    .authorization(new AuthorizationSettings(mode, Set.of(ADMIN), openUngranted, Optional.of(auditLog)))
                    .start();
            return new AuthorizedServer(store, server, auditLog);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    CatalogClient as(String principal) {
        CatalogClient client =
                CatalogClient.forAddress("127.0.0.1", server.port()).withPrincipal(principal);
        clients.add(client);
        return client;
    }

    /** A client calling as {@code principal}, its door vouching for these groups of it. */
    CatalogClient asMemberOf(String principal, String... groups) {
        Metadata headers = new Metadata();
        headers.put(CatalogWire.GROUPS, CatalogWire.groupsHeader(List.of(groups)));
        return as(principal).intercepted(MetadataUtils.newAttachHeadersInterceptor(headers));
    }

    List<String> auditLines() {
        try {
            return Files.exists(auditLog) ? Files.readAllLines(auditLog) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Namespace namespace(String name, String owner) {
        return Namespace.newBuilder()
                .setName(name)
                .setOwner(owner)
                .setOwnerType(PrincipalType.USER)
                .build();
    }

    static Table createTable(CatalogClient client, String namespace, String name) {
        Table table = TableMapper.toProto(CatalogFixtures.unpartitionedHiveTable(namespace, name)).toBuilder()
                .setOwner(client.principal())
                .build();
        return client.createTable(CreateTableRequest.newBuilder()
                .setTable(table)
                .setHiveSemantics(true)
                .build());
    }

    static PrivilegeGrant onNamespace(String namespace, Principal holder, String privilege) {
        return PrivilegeGrant.newBuilder()
                .setObject(PrivilegeObject.newBuilder()
                        .setKind(PrivilegeObjectKind.NAMESPACE)
                        .setNamespace(namespace))
                .setPrincipal(holder)
                .setPrivilege(privilege)
                .setGrantor(user(ADMIN))
                .build();
    }

    static PrivilegeGrant onTable(String namespace, String table, Principal holder, String privilege) {
        return PrivilegeGrant.newBuilder()
                .setObject(PrivilegeObject.newBuilder()
                        .setKind(PrivilegeObjectKind.TABLE)
                        .setNamespace(namespace)
                        .setTable(table))
                .setPrincipal(holder)
                .setPrivilege(privilege)
                .setGrantor(user(ADMIN))
                .build();
    }

    static PrivilegeGrant global(Principal holder, String privilege) {
        return PrivilegeGrant.newBuilder()
                .setObject(PrivilegeObject.newBuilder().setKind(PrivilegeObjectKind.GLOBAL))
                .setPrincipal(holder)
                .setPrivilege(privilege)
                .setGrantor(user(ADMIN))
                .build();
    }

    static Principal user(String name) {
        return Principal.newBuilder().setName(name).setKind(PrincipalType.USER).build();
    }

    static Principal group(String name) {
        return Principal.newBuilder().setName(name).setKind(PrincipalType.GROUP).build();
    }

    static Principal role(String name) {
        return Principal.newBuilder().setName(name).setKind(PrincipalType.ROLE).build();
    }

    @Override
    public void close() throws IOException {
        clients.forEach(CatalogClient::close);
        server.close();
        store.close();
        Files.deleteIfExists(auditLog);
    }
}
