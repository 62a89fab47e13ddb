package dev.lakegate.hms.legacy;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.server.ConnectionContext;
import java.util.List;
import java.util.Optional;

/**
 * Who a call forwarded to the legacy metastore is made for: the user of the client's connection and the groups
 * its {@code set_ugi} named, sent to the old HMS with {@code set_ugi} on a connection of that caller's own, so
 * that its ownership defaults, its authorization and its audit log name the client, not the gateway, as they
 * would if the client talked to it directly.
 */
record LegacyCaller(String user, List<String> groups) {

    LegacyCaller {
        requireNonNull(user, "user is null");
        groups = List.copyOf(groups);
    }

    /** The caller of the Thrift call this thread serves; empty for the gateway's own calls and unnamed users. */
    static Optional<LegacyCaller> current() {
        return ConnectionContext.currentIfAny()
                .flatMap(context -> context.user()
                        .filter(user -> !user.isEmpty())
                        .map(user -> new LegacyCaller(user, context.namedGroups())));
    }
}
