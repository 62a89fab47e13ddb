package dev.lakegate.hms.handler;

import dev.lakegate.hms.handler.limits.Limit;
import dev.lakegate.hms.handler.limits.Limits;
import dev.lakegate.translator.error.HmsFailure;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of catalog answers that HMS calls may hold while their replies are built: {@code perCall}
 * for one call, {@code inFlight} for all calls at once. A listing is read from the catalog page by page
 * and held whole until its Thrift reply is written, so without a bound one call (get_partitions of a
 * million partitions, a table list of giant tables) or a few at once could fill the heap, and the
 * process would fail every call instead of one. Each answer the catalog gives a call is charged as its
 * serialized size (what crossed or would cross the gRPC wire; the Java objects are a small multiple of
 * it) as it arrives ({@link ReplyBudgetInterceptor}); the first answer over either bound ends the catalog
 * call, and the HMS call fails with a MetaException naming the limit. Charges are released when the
 * call returns.
 */
public final class ReplyBudget {

    private static final ThreadLocal<Call> CURRENT = new ThreadLocal<>();

    private final long perCall;
    private final long inFlight;
    private final AtomicLong held = new AtomicLong();

    public ReplyBudget(long perCall, long inFlight) {
        if (perCall <= 0 || inFlight <= 0) {
            throw new IllegalArgumentException("reply limits must be positive: " + perCall + ", " + inFlight);
        }
        this.perCall = perCall;
        this.inFlight = inFlight;
    }

    /** The budget {@code limits} set: {@link Limit#REPLY_BYTES} and {@link Limit#REPLIES_IN_FLIGHT_BYTES}. */
    public static ReplyBudget of(Limits limits) {
        return new ReplyBudget(limits.get(Limit.REPLY_BYTES), limits.get(Limit.REPLIES_IN_FLIGHT_BYTES));
    }

    public long perCall() {
        return perCall;
    }

    public long inFlight() {
        return inFlight;
    }

    /** Bytes charged by calls that have not returned yet. */
    public long held() {
        return held.get();
    }

    /** Starts charging the answers of the HMS call {@code method} on this thread, until closed. */
    Call open(String method) {
        Call call = new Call(method);
        CURRENT.set(call);
        return call;
    }

    /** The call running on this thread; none outside one (a reply streamed after its call returned). */
    static Optional<Call> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    /**
     * One HMS call's charges. Used by one thread only: the call's, which is also where a blocking
     * catalog call delivers its answer.
     */
    final class Call implements AutoCloseable {

        private final String method;
        private long charged;
        private HmsFailure exceeded;

        private Call(String method) {
            this.method = method;
        }

        /** Charges {@code bytes}; false when they pass a bound, which the call has then failed on. */
        boolean charge(long bytes) {
            charged += bytes;
            long total = held.addAndGet(bytes);
            if (charged > perCall) {
                exceeded = HmsFailure.meta("The reply to " + method + " would hold more than " + perCall
                        + " bytes of metadata, the limit " + Limit.REPLY_BYTES.setting()
                        + ": ask for fewer objects (a filter, a max count or a batch of names)");
            } else if (total > inFlight) {
                exceeded = HmsFailure.meta("Lakegate is building replies of " + total + " bytes at once, more than"
                        + " the limit " + Limit.REPLIES_IN_FLIGHT_BYTES.setting() + " of " + inFlight + ": "
                        + method + " was refused; retry it later");
            }
            return exceeded == null;
        }

        /** The failure the call met on a bound, if it did. */
        Optional<HmsFailure> exceeded() {
            return Optional.ofNullable(exceeded);
        }

        String failureMessage() {
            return exceeded == null ? "" : exceeded.getMessage();
        }

        @Override
        public void close() {
            held.addAndGet(-charged);
            CURRENT.remove();
        }
    }
}
