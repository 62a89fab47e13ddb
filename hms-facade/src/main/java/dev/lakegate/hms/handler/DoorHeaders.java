package dev.lakegate.hms.handler;

import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.hms.server.ConnectionContext;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall.SimpleForwardingClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Tells the catalog that a call comes through the Thrift door, and from which Thrift client, for its audit log, and
 * the groups of the connection's user, for its authorization. The catalog trusts these headers as it trusts the
 * principal (see the README's authorization section).
 */
final class DoorHeaders implements ClientInterceptor {

    @Override
    public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
        return new SimpleForwardingClientCall<>(next.newCall(method, options)) {
            @Override
            public void start(Listener<A> listener, Metadata headers) {
                headers.put(CatalogWire.DOOR, CatalogWire.THRIFT_DOOR);
                ConnectionContext.currentIfAny().ifPresent(connection -> {
                    headers.put(CatalogWire.CLIENT_ADDRESS, address(connection.remoteAddress()));
                    String groups = CatalogWire.groupsHeader(connection.groups());
                    if (!groups.isEmpty()) {
                        headers.put(CatalogWire.GROUPS, groups);
                    }
                });
                super.start(listener, headers);
            }
        };
    }

    private static String address(SocketAddress remote) {
        if (remote instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return inet.getAddress().getHostAddress() + ":" + inet.getPort();
        }
        return String.valueOf(remote).replaceAll("[^\\x20-\\x7e]", "?");
    }
}
