package dev.lakegate.hms.server.auth;

import java.util.List;
import java.util.Locale;

/**
 * Where the groups of a Thrift connection's user come from, which the catalog's authorization counts (grants to a
 * group, roles granted to it). HMS resolves them on its own host with Hadoop's group mapping, by default the
 * operating system's ({@link UnixUserGroups}); a client's {@code set_ugi} also names groups, which HMS does not
 * use for who the caller is.
 */
public interface UserGroups {

    /**
     * The groups of {@code user} on a connection; {@code named} are the groups its {@code set_ugi} named (empty
     * when it named none), {@code authenticated} whether the connection authenticated its client by SASL.
     */
    List<String> groupsOf(String user, List<String> named, boolean authenticated);

    /** No groups for anyone. */
    static UserGroups none() {
        return (user, named, authenticated) -> List.of();
    }

    /**
     * The groups {@code set_ugi} named, on connections that trust {@code set_ugi}'s user as sent (no SASL): as far
     * as the named user is trusted, and no further. On an authenticated connection, none: a client proves who it
     * is there, not what groups it is in.
     */
    static UserGroups fromSetUgi() {
        return (user, named, authenticated) -> authenticated ? List.of() : List.copyOf(named);
    }

    /** The source a setting names: {@code unix}, {@code set-ugi} or {@code none}. */
    static UserGroups named(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "unix" -> new UnixUserGroups();
            case "set-ugi" -> fromSetUgi();
            case "none" -> none();
            default ->
                throw new IllegalArgumentException(
                        "the groups of Thrift users come from unix, set-ugi or none, not " + name);
        };
    }
}
