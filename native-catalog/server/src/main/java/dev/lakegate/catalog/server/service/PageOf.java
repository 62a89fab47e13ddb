package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.PageRows;
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

    /** As {@link #keyed(List, int, java.util.function.Function)}; a probe cut at its byte budget has a next page. */
    static <T> Page<T> keyed(PageRows<T> probe, int size, java.util.function.Function<T, String> key) {
        List<T> rows = probe.rows();
        if (!probe.cutBySize() || rows.size() > size || rows.isEmpty()) {
            return keyed(rows, size, key);
        }
        return new Page<>(rows, Paging.token(key.apply(rows.get(rows.size() - 1))));
    }
}
