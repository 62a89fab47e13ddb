package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/** A role of the catalog's authorization model; {@code owner} is as given (empty: none). */
public record Role(String name, String owner, Instant createTime) {

    /** Exists from the start and contains everyone: it is never made, dropped, granted or revoked. */
    public static final String PUBLIC = "public";

    /** Exists from the start and is never dropped. */
    public static final String ADMIN = "admin";

    public Role {
        requireNonNull(name, "name is null");
        requireNonNull(owner, "owner is null");
        requireNonNull(createTime, "createTime is null");
    }
}
