package dev.lakegate.conformance.diff;

import java.util.Objects;

/**
 * What one call on one target came to, normalised: a value, or an exception by class name and message.
 * Nothing else of an exception is API: clients branch on its type and, for some, on its message.
 */
public record Outcome(Object value, String exceptionClass, String message) {

    public static Outcome value(Object normalised) {
        return new Outcome(normalised, null, null);
    }

    public static Outcome failure(Throwable t, Normaliser normaliser) {
        String message = t.getMessage() == null ? null : normaliser.normaliseString(t.getMessage());
        return new Outcome(null, t.getClass().getName(), message);
    }

    public boolean failed() {
        return exceptionClass != null;
    }

    /** The exception's simple class name, e.g. {@code NoSuchObjectException}. */
    public String exceptionType() {
        return exceptionClass == null ? null : exceptionClass.substring(exceptionClass.lastIndexOf('.') + 1);
    }

    @Override
    public String toString() {
        return failed() ? exceptionType() + "(" + message + ")" : Objects.toString(value);
    }
}
