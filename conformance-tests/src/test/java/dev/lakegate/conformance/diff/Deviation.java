package dev.lakegate.conformance.diff;

import java.util.Collection;
import java.util.Map;

/**
 * Every deliberate difference between Lakegate and the real Hive Metastore, and why. The real HMS is the
 * oracle: a difference that no entry here explains fails the scenario. An entry explains only the
 * differences its predicate accepts, and each use is written to the deviation report (never silently
 * skipped). Add an entry only with its reason, and only for a difference we choose to keep.
 */
public enum Deviation {

    /**
     * Lakegate serves the union of the HMS method sets of 2.3, 3.1 and 4.x. A method the reference release
     * lacks (4.0.1 dropped {@code get_table} and {@code get_table_objects_by_name}) fails there with
     * {@code TApplicationException} "Invalid method name" and answers on Lakegate.
     */
    SERVES_THE_METHOD_UNION("old and new clients alike must find the calls they make: Spark and Presto still "
            + "call get_table, which HMS 4.0.1 dropped") {
        @Override
        public boolean explains(Difference d) {
            return Difference.EXCEPTION.equals(d.path())
                    && String.valueOf(d.reference()).startsWith("TApplicationException: Invalid method name")
                    && Difference.VALUE.equals(d.candidate());
        }
    },

    /**
     * Lakegate never leaves a collection unset where HMS may (parameters, partition keys, columns, serde
     * parameters): it sends it empty.
     */
    NO_NULL_COLLECTIONS("clients iterate these collections without a null check; an empty one means the same "
            + "to every client that copes with null") {
        @Override
        public boolean explains(Difference d) {
            return d.reference() == Difference.ABSENT && isEmptyCollection(d.candidate());
        }
    };

    private final String reason;

    Deviation(String reason) {
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }

    /** Whether this deviation accounts for that difference (reference: the real HMS; candidate: Lakegate). */
    public abstract boolean explains(Difference d);

    static boolean isEmptyCollection(Object o) {
        return (o instanceof Collection<?> c && c.isEmpty()) || (o instanceof Map<?, ?> m && m.isEmpty());
    }
}
