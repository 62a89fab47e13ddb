package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.CatalogException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * Page sizes and page tokens. A token is the last key of the previous page, opaque to callers, so
 * that pages stay stable under concurrent inserts (keyset paging, never offsets).
 */
public record Paging(int defaultSize, int maxSize) {

    public static final Paging NAMESPACES = new Paging(100, 1000);
    public static final Paging TABLES = new Paging(100, 1000);
    public static final Paging FUNCTIONS = new Paging(100, 1000);
    public static final Paging PARTITIONS = new Paging(1000, 10_000);
    public static final Paging EVENTS = new Paging(100, 1000);

    private static final String PREFIX = "lg1:";

    public int size(int requested) {
        if (requested == 0) {
            return defaultSize;
        }
        if (requested < 0 || requested > maxSize) {
            throw CatalogException.invalidArgument(
                    "page_size", "page_size " + requested + " is out of range: it must be between 1 and " + maxSize);
        }
        return requested;
    }

    public static String token(String lastKey) {
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString((PREFIX + lastKey).getBytes(StandardCharsets.UTF_8));
    }

    /** The key a token stands for; empty for the first page. */
    public static Optional<String> after(String token) {
        if (token == null || token.isEmpty()) {
            return Optional.empty();
        }
        try {
            String decoded = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            if (decoded.startsWith(PREFIX)) {
                return Optional.of(decoded.substring(PREFIX.length()));
            }
        } catch (IllegalArgumentException notBase64) {
            // falls through to the error below
        }
        throw CatalogException.invalidArgument("page_token", "page_token is not one this catalog issued");
    }

    /** Fetch one more than a page so that the last page is known without a second query. */
    public static int probeSize(int pageSize) {
        return pageSize + 1;
    }
}
