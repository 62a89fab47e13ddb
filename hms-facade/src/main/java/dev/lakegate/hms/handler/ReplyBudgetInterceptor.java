package dev.lakegate.hms.handler;

import com.google.protobuf.MessageLite;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall.SimpleForwardingClientCall;
import io.grpc.ForwardingClientCallListener.SimpleForwardingClientCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import java.util.Optional;

/**
 * Charges each catalog answer to the {@link ReplyBudget} of the HMS call that asked for it, and cancels
 * the catalog call whose answer passes a bound, so the answer is never handed to the area. The HMS
 * call is looked up when the catalog call starts, on the calling thread; a blocking catalog call
 * delivers its answer on that same thread.
 */
final class ReplyBudgetInterceptor implements ClientInterceptor {

    @Override
    public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
        ClientCall<Q, A> call = next.newCall(method, options);
        Optional<ReplyBudget.Call> budget = ReplyBudget.current();
        return budget.isEmpty() ? call : new Charged<>(call, budget.get());
    }

    private static final class Charged<Q, A> extends SimpleForwardingClientCall<Q, A> {

        private final ReplyBudget.Call budget;

        Charged(ClientCall<Q, A> call, ReplyBudget.Call budget) {
            super(call);
            this.budget = budget;
        }

        @Override
        public void start(Listener<A> listener, Metadata headers) {
            super.start(
                    new SimpleForwardingClientCallListener<>(listener) {
                        @Override
                        public void onMessage(A message) {
                            if (budget.charge(((MessageLite) message).getSerializedSize())) {
                                super.onMessage(message);
                            } else {
                                // The blocking caller sees CANCELLED; the dispatcher answers with the
                                // budget's own failure, which names the limit.
                                Charged.this.cancel(budget.failureMessage(), null);
                            }
                        }
                    },
                    headers);
        }
    }
}
