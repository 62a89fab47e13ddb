package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.translator.error.CatalogFailure;
import dev.lakegate.translator.error.HmsFailure;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.thrift.TApplicationException;

/**
 * The one place the facade reads the catalog client's failures. Areas never catch them: a failure
 * they do not expect travels to {@link CatalogCalls#run}, which words it once; the few they do
 * expect (an object that may be missing, a drop of what is gone, a lost race to retry, a reason
 * that HMS words differently on one path) are named through these methods.
 */
public final class CatalogFailures {

    private CatalogFailures() {}

    /** The failure as the translator reads it: reason, message and metadata. */
    static CatalogFailure read(CatalogClientException e) {
        return new CatalogFailure(e.reason(), e.getMessage(), e.metadata());
    }

    /** What {@code read} returns, or empty when the catalog answers with one of the {@code missing} reasons. */
    public static <T> Optional<T> find(Supplier<T> read, ErrorReason... missing) {
        requireNonNull(read, "read is null");
        try {
            return Optional.of(read.get());
        } catch (CatalogClientException e) {
            if (isAny(e, missing)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** Runs {@code work}; a failure with one of the {@code tolerated} reasons is no failure (what is gone is gone). */
    public static void tolerating(Runnable work, ErrorReason... tolerated) {
        find(
                () -> {
                    work.run();
                    return Boolean.TRUE;
                },
                tolerated);
    }

    /**
     * Runs {@code work}; a failure with one of the {@code reasons} is reported as HMS words it on this path,
     * the failure {@code as} makes of it, rather than as the catalog's reason would word it for the call.
     */
    public static <T> T rewording(Supplier<T> work, Function<CatalogFailure, HmsFailure> as, ErrorReason... reasons) {
        requireNonNull(as, "as is null");
        try {
            return work.get();
        } catch (CatalogClientException e) {
            if (isAny(e, reasons)) {
                throw as.apply(read(e));
            }
            throw e;
        }
    }

    /**
     * Runs {@code work}; a failure with one of the {@code reasons} is answered as HMS's Thrift processor answers
     * an unchecked exception of its handler, {@code TApplicationException(INTERNAL_ERROR)}, with the catalog's
     * words (HMS 4's transaction handler refuses bad input so).
     */
    public static <T> T asInternalError(Supplier<T> work, ErrorReason... reasons) throws TApplicationException {
        try {
            return work.get();
        } catch (CatalogClientException e) {
            if (isAny(e, reasons)) {
                throw new TApplicationException(TApplicationException.INTERNAL_ERROR, e.getMessage());
            }
            throw e;
        }
    }

    /**
     * Runs {@code attempt} until it succeeds, at most {@code attempts} times, while its failure is a race
     * lost to a concurrent writer ({@code lostRace}); each attempt re-reads what it changes.
     */
    public static <T> T retrying(int attempts, Predicate<CatalogFailure> lostRace, Supplier<T> attempt) {
        for (int tried = 1; ; tried++) {
            try {
                return attempt.get();
            } catch (CatalogClientException e) {
                if (tried >= attempts || !lostRace.test(read(e))) {
                    throw e;
                }
            }
        }
    }

    // Looked at only once the catalog has failed: a read that finds its object allocates nothing here.
    private static boolean isAny(CatalogClientException e, ErrorReason[] reasons) {
        for (ErrorReason reason : reasons) {
            if (e.reason() == reason) {
                return true;
            }
        }
        return false;
    }
}
