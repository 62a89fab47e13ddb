package dev.lakegate.translator.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsFailure;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hive.metastore.api.MetaException;

/** What the filter tests share: the failure a client of get_partitions_by_filter sees, and stacks of a given size. */
final class FilterAssertions {

    private FilterAssertions() {}

    /** {@code call} fails as get_partitions_by_filter then answers: a MetaException with this message. */
    static void assertMetaException(Runnable call, String message) {
        assertThatThrownBy(call::run)
                .isInstanceOfSatisfying(
                        HmsFailure.class,
                        failure -> assertThat(DeclaredExceptions.of("get_partitions_by_filter")
                                        .toThrift(failure))
                                .isInstanceOf(MetaException.class)
                                .hasMessage(message));
    }

    /** What {@code work} answers, or what it throws (an Error too), run on a thread with a stack of this size. */
    static Object outcomeOnStack(long stackBytes, Callable<?> work) {
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread thread = new Thread(
                null,
                () -> {
                    try {
                        outcome.set(work.call());
                    } catch (Throwable t) {
                        outcome.set(t);
                    }
                },
                "stack-of-" + stackBytes,
                stackBytes);
        thread.start();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        return outcome.get();
    }
}
