package dev.lakegate.catalog.testing;

import java.util.List;
import java.util.Optional;

/** Closing what a fixture started, last started first, so each part outlives what relies on it. */
public final class Parts {

    private Parts() {}

    /**
     * Closes every part even when one fails. With a {@code failure} in flight (a start that went
     * wrong), close failures are added to it; otherwise the first is thrown, the others added to it.
     */
    public static void closeInReverse(List<? extends AutoCloseable> parts, Optional<Throwable> failure) {
        Optional<IllegalStateException> closing = Optional.empty();
        for (int i = parts.size() - 1; i >= 0; i--) {
            try {
                parts.get(i).close();
            } catch (Exception e) {
                if (failure.isPresent()) {
                    failure.get().addSuppressed(e);
                } else if (closing.isPresent()) {
                    closing.get().addSuppressed(e);
                } else {
                    closing = Optional.of(new IllegalStateException("cannot close " + parts.get(i), e));
                }
            }
        }
        if (closing.isPresent()) {
            throw closing.get();
        }
    }
}
