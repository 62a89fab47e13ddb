package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import org.apache.thrift.TProcessor;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TProtocol;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one call through the {@link TProcessor} on a worker thread, with the connection's context bound,
 * from the request's bytes to the reply's. The processor itself writes declared exceptions into the
 * result struct, and turns a handler's undeclared exception into {@code INTERNAL_ERROR}. What escapes
 * the processor (an {@code Error}, a transport exception thrown by a handler, a result that fails to
 * serialize) becomes {@code INTERNAL_ERROR} here. The reply was only being written to memory, so the
 * connection stays in step and serves the next call; unless part of it was streamed already (a
 * large reply on an unframed connection), when the connection is closed instead.
 */
final class CallProcessor {

    private static final Logger log = LoggerFactory.getLogger(CallProcessor.class);
    private static final int MAX_DETAIL_CHARS = 200;

    private final TProcessor processor;
    private final CallRouter router;

    /** {@code router} may be null: every call goes to the processor. */
    CallProcessor(TProcessor processor, CallRouter router) {
        this.processor = requireNonNull(processor, "processor is null");
        this.router = router;
    }

    /** {@code stream} null: the reply is held whole; else a large one is streamed into it. */
    Reply process(ConnectionContext context, ThriftCodec codec, ThriftRequest request, ReplyBuffer.Sink stream) {
        TMessage message = request.message();
        ConnectionContext.Scope scope = context.bind();
        ReplyBuffer output = codec.newBuffer(stream);
        try {
            if (!routed(codec, request, output)) {
                processor.process(codec.reader(request.bytes()), codec.writer(output));
            }
            return request.oneway() ? Reply.NONE : output.toReply();
        } catch (Throwable t) {
            // The edge between the wire and the handlers: whatever happened, the client is waiting for
            // an answer to this call, and the next call on the connection must still be served.
            log.error(
                    "Call {} (seqid {}) on {} failed outside the processor's error handling{}",
                    message.name,
                    message.seqid,
                    context,
                    output.streamed() ? ", after part of its reply was sent: closing the connection" : "",
                    t);
            if (output.streamed()) {
                return Reply.CLOSE;
            }
            return ErrorReplies.internalError(
                    codec, message, "Internal error processing " + message.name + ": " + detail(t));
        } finally {
            scope.close();
        }
    }

    private boolean routed(ThriftCodec codec, ThriftRequest request, ReplyBuffer output) throws Exception {
        if (router == null) {
            return false;
        }
        TProtocol in = codec.reader(request.bytes());
        TMessage message = in.readMessageBegin();
        return router.answer(message, in, codec.writer(output));
    }

    private static String detail(Throwable t) {
        String detail = t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
        return detail.length() <= MAX_DETAIL_CHARS ? detail : detail.substring(0, MAX_DETAIL_CHARS) + "…";
    }
}
