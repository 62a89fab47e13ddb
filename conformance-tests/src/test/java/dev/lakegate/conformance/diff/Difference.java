package dev.lakegate.conformance.diff;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One place where two outcomes differ: a path into the normalised tree ({@code sd.cols[1].comment},
 * {@code parameters.EXTERNAL}, or {@code <exception>} / {@code <message>}), and the value on each side;
 * {@link #ABSENT} where a side has no such field.
 */
public record Difference(String path, Object reference, Object candidate) {

    public static final Object ABSENT = new Object() {
        @Override
        public String toString() {
            return "<absent>";
        }
    };

    public static final String EXCEPTION = "<exception>";
    public static final String MESSAGE = "<message>";
    public static final String VALUE = "<value>";

    /** Every difference between the two outcomes, outermost first. */
    public static List<Difference> between(Outcome reference, Outcome candidate) {
        List<Difference> out = new ArrayList<>();
        if (reference.failed() || candidate.failed()) {
            if (!Objects.equals(reference.exceptionClass(), candidate.exceptionClass())) {
                out.add(new Difference(EXCEPTION, side(reference), side(candidate)));
            } else if (!Objects.equals(reference.message(), candidate.message())) {
                out.add(new Difference(MESSAGE, reference.message(), candidate.message()));
            }
            return out;
        }
        walk("", reference.value(), candidate.value(), out);
        return out;
    }

    private static Object side(Outcome o) {
        return o.failed() ? o.exceptionType() + ": " + o.message() : VALUE;
    }

    private static void walk(String path, Object a, Object b, List<Difference> out) {
        if (a instanceof Map<?, ?> ma && b instanceof Map<?, ?> mb) {
            Set<Object> keys = new LinkedHashSet<>(ma.keySet());
            keys.addAll(mb.keySet());
            for (Object k : keys) {
                String p = path.isEmpty() ? String.valueOf(k) : path + "." + k;
                walk(p, ma.containsKey(k) ? ma.get(k) : ABSENT, mb.containsKey(k) ? mb.get(k) : ABSENT, out);
            }
            return;
        }
        if (a instanceof List<?> la && b instanceof List<?> lb) {
            if (la.size() != lb.size()) {
                out.add(new Difference(path + ".size()", la.size(), lb.size()));
            }
            for (int i = 0; i < Math.min(la.size(), lb.size()); i++) {
                walk(path + "[" + i + "]", la.get(i), lb.get(i), out);
            }
            return;
        }
        if (!Objects.equals(a, b)) {
            out.add(new Difference(path, a, b));
        }
    }

    @Override
    public String toString() {
        return path + ": reference " + reference + ", candidate " + candidate;
    }
}
