package dev.lakegate.catalog.server.store;

/**
 * Thrown at commit when another transaction already recorded an event with the same request id:
 * the request was applied once, by whichever got there first.
 */
public final class DuplicateRequestException extends RuntimeException {

    public DuplicateRequestException(String requestId, Throwable cause) {
        super("request " + requestId + " was applied already", cause);
    }
}
