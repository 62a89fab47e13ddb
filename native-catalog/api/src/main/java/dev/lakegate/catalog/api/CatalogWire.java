package dev.lakegate.catalog.api;

import io.grpc.Metadata;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What the catalog's server and its clients agree on beyond catalog.proto: the request headers, the
 * domain of the ErrorInfo every catalog error carries, the largest message either side accepts, and
 * the largest partition filter the server takes.
 */
public final class CatalogWire {

    /** Who makes the call; a call without it is made by "anonymous". */
    public static final Metadata.Key<String> PRINCIPAL =
            Metadata.Key.of("x-lakegate-principal", Metadata.ASCII_STRING_MARSHALLER);

    /**
     * The groups of the principal, each URL-encoded (UTF-8), separated by commas ({@link #groupsHeader},
     * {@link #groupsOf}): grants to a group and roles granted to it count for its members. Trusted as the principal
     * is: as sent without bearer tokens, and with them only from a caller that may act for others.
     */
    public static final Metadata.Key<String> GROUPS =
            Metadata.Key.of("x-lakegate-groups", Metadata.ASCII_STRING_MARSHALLER);

    /**
     * {@code Bearer <token>}: how a network client proves who it is when the catalog server checks tokens; the
     * server then makes the token's caller the principal (unless the caller may act for others).
     */
    public static final Metadata.Key<String> AUTHORIZATION =
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

    /**
     * Which door the call came through, for the audit log: {@code thrift} when the HMS facade calls on a
     * Thrift client's behalf; absent, the call came over gRPC directly.
     */
    public static final Metadata.Key<String> DOOR =
            Metadata.Key.of("x-lakegate-door", Metadata.ASCII_STRING_MARSHALLER);

    /** The address of the client behind the door (the Thrift client's host:port), for the audit log. */
    public static final Metadata.Key<String> CLIENT_ADDRESS =
            Metadata.Key.of("x-lakegate-client-address", Metadata.ASCII_STRING_MARSHALLER);

    /**
     * {@code true}: the call's changes are written with no event in the catalog's event log (and its request id is
     * not remembered). For a migration copying into the catalog what another metastore's log, appended as FOREIGN
     * events, tells already; with authorization on, only an admin may send it. The HMS facade never does.
     */
    public static final Metadata.Key<String> UNLOGGED =
            Metadata.Key.of("x-lakegate-unlogged", Metadata.ASCII_STRING_MARSHALLER);

    /** The door value the HMS facade sends. */
    public static final String THRIFT_DOOR = "thrift";

    /** {@code ErrorInfo.domain} of errors raised by the catalog. */
    public static final String ERROR_DOMAIN = "catalog.lakegate.dev";

    /** Large enough for a batch of 10,000 partitions with their columns. */
    public static final int MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

    /**
     * How deep {@code and}, {@code or} and {@code not} may nest in a {@code PartitionFilter}; the server
     * answers a deeper one INVALID_ARGUMENT. Each level is two messages deep on the wire, and
     * protobuf-java refuses to parse a message nested more than 100 deep, so every filter within this
     * limit also crosses a network connection.
     */
    public static final int MAX_FILTER_DEPTH = 32;

    /**
     * How many values a {@code PartitionFilter} may compare with in all (a comparison or LIKE has one,
     * a BETWEEN two, an IN its list); the server answers more INVALID_ARGUMENT. The store binds each
     * as a parameter of one statement, and PostgreSQL takes at most 65,535.
     */
    public static final int MAX_FILTER_VALUES = 50_000;

    /** The value of {@link #GROUPS} naming these groups (blank names left out). */
    public static String groupsHeader(List<String> groups) {
        return groups.stream()
                .filter(group -> !group.isBlank())
                .map(group -> URLEncoder.encode(group, StandardCharsets.UTF_8))
                .collect(Collectors.joining(","));
    }

    /** The groups a {@link #GROUPS} value names; none for null. */
    public static List<String> groupsOf(String header) {
        if (header == null || header.isEmpty()) {
            return List.of();
        }
        return Arrays.stream(header.split(","))
                .filter(group -> !group.isEmpty())
                .map(CatalogWire::decodedGroup)
                .toList();
    }

    /** A name as sent when it is not well-formed URL encoding: a group named so has no grants, nothing fails. */
    private static String decodedGroup(String encoded) {
        try {
            return URLDecoder.decode(encoded, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return encoded;
        }
    }

    private CatalogWire() {}
}
