package dev.lakegate.catalog.server.service;

import java.util.List;

/** Cuts a probe of {@code size + 1} rows into a page and the token of the next one. */
final class PageOf {

    private PageOf() {}

    static <T> Page<T> keyed(List<T> probe, int size, java.util.function.Function<T, String> key) {
        if (probe.size() <= size) {
            return new Page<>(probe, "");
        }
        List<T> page = probe.subList(0, size);
        return new Page<>(page, Paging.token(key.apply(page.get(size - 1))));
    }
}
