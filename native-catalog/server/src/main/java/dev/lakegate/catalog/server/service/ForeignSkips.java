package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.ForeignEvent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The ranges of one source's log whose events naming a namespace are not appended: they tell changes this log
 * told already (a migration's rollback writing the catalog's changes into the source). A range is
 * {@code after < source id <= until}; {@code until} 0 leaves it open until a later call closes it. A namespace
 * has at most one open range. Kept as the body of an opaque object, one range a line:
 * {@code after until namespace}.
 */
final class ForeignSkips {

    private record Range(String namespace, long after, long until) {

        boolean open() {
            return until == 0;
        }

        boolean covers(String eventNamespace, long sourceId) {
            return namespace.equals(eventNamespace) && sourceId > after && (open() || sourceId <= until);
        }
    }

    private final List<Range> ranges;

    private ForeignSkips(List<Range> ranges) {
        this.ranges = ranges;
    }

    static ForeignSkips none() {
        return new ForeignSkips(new ArrayList<>());
    }

    static ForeignSkips parse(byte[] body) {
        List<Range> ranges = new ArrayList<>();
        for (String line : new String(body, StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                String[] fields = line.split(" ", 3);
                ranges.add(new Range(fields[2], Long.parseLong(fields[0]), Long.parseLong(fields[1])));
            }
        }
        return new ForeignSkips(ranges);
    }

    byte[] body() {
        StringBuilder body = new StringBuilder();
        for (Range range : ranges) {
            body.append(range.after).append(' ').append(range.until).append(' ').append(range.namespace);
            body.append('\n');
        }
        return body.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Records a range; one opening or closing a range of a namespace with an open one takes that over. */
    void add(String namespace, long after, long until) {
        String name = normalized(namespace);
        long from = after;
        for (Range range : List.copyOf(ranges)) {
            if (range.namespace.equals(name) && range.open()) {
                from = Math.min(from, range.after);
                ranges.remove(range);
            }
        }
        ranges.add(new Range(name, from, until));
    }

    boolean skips(ForeignEvent event) {
        String name = normalized(event.namespace());
        long id = event.change().sourceId();
        return ranges.stream().anyMatch(range -> range.covers(name, id));
    }

    /** Forgets the closed ranges the position has passed: no event they cover can come again. */
    boolean prune(long position) {
        return ranges.removeIf(range -> !range.open() && range.until <= position);
    }

    boolean isEmpty() {
        return ranges.isEmpty();
    }

    /** Namespaces as HMS names databases: case ignored. */
    private static String normalized(String namespace) {
        return namespace.toLowerCase(Locale.ROOT);
    }
}
