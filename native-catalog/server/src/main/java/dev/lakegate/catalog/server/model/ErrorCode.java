package dev.lakegate.catalog.server.model;

/** Why a call failed, and the kind of failure each reason is (the gRPC edge maps kinds to codes). */
public enum ErrorCode {
    INVALID_ARGUMENT(Kind.INVALID_ARGUMENT),
    NAMESPACE_NOT_FOUND(Kind.NOT_FOUND),
    TABLE_NOT_FOUND(Kind.NOT_FOUND),
    PARTITION_NOT_FOUND(Kind.NOT_FOUND),
    FUNCTION_NOT_FOUND(Kind.NOT_FOUND),
    CONSTRAINT_NOT_FOUND(Kind.NOT_FOUND),
    LEASE_NOT_FOUND(Kind.NOT_FOUND),
    SNAPSHOT_NOT_FOUND(Kind.NOT_FOUND),
    NAMESPACE_ALREADY_EXISTS(Kind.ALREADY_EXISTS),
    TABLE_ALREADY_EXISTS(Kind.ALREADY_EXISTS),
    PARTITION_ALREADY_EXISTS(Kind.ALREADY_EXISTS),
    FUNCTION_ALREADY_EXISTS(Kind.ALREADY_EXISTS),
    CONSTRAINT_ALREADY_EXISTS(Kind.ALREADY_EXISTS),
    NAMESPACE_NOT_EMPTY(Kind.FAILED_PRECONDITION),
    NOT_PARTITIONED(Kind.FAILED_PRECONDITION),
    REQUIREMENT_FAILED(Kind.ABORTED),
    COMMIT_CONFLICT(Kind.ABORTED),
    ETAG_MISMATCH(Kind.ABORTED),
    STORE_UNAVAILABLE(Kind.UNAVAILABLE),
    INTERNAL_ERROR(Kind.INTERNAL);

    public enum Kind {
        INVALID_ARGUMENT,
        NOT_FOUND,
        ALREADY_EXISTS,
        FAILED_PRECONDITION,
        ABORTED,
        UNAVAILABLE,
        INTERNAL
    }

    private final Kind kind;

    ErrorCode(Kind kind) {
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
