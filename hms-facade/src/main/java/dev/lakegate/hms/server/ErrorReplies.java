package dev.lakegate.hms.server;

import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;

/**
 * Replies the server writes itself, in place of the processor's: a {@link TApplicationException} for
 * the call {@code request} named, with its name and sequence id, as libthrift's processor would.
 */
final class ErrorReplies {

    /** When the worker pool and its queue are full. */
    static final String SERVER_BUSY = "server busy";

    private ErrorReplies() {}

    static Reply internalError(ThriftCodec codec, TMessage request, String message) {
        if (request.type == TMessageType.ONEWAY) {
            return Reply.NONE;
        }
        TApplicationException error = new TApplicationException(TApplicationException.INTERNAL_ERROR, message);
        try {
            ReplyBuffer buffer = codec.newBuffer();
            TProtocol out = codec.writer(buffer);
            out.writeMessageBegin(new TMessage(request.name, TMessageType.EXCEPTION, request.seqid));
            error.write(out);
            out.writeMessageEnd();
            return buffer.toReply();
        } catch (TException e) {
            // Writing a short struct into memory fails only on a bug; a client must not wait forever.
            throw new IllegalStateException("cannot write a TApplicationException", e);
        }
    }
}
