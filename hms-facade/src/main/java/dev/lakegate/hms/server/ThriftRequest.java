package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;

/** One whole call as it came off the wire (header and arguments, no frame length), and its header. */
record ThriftRequest(TMessage message, byte[] bytes) {

    ThriftRequest {
        requireNonNull(message, "message is null");
        requireNonNull(bytes, "bytes is null");
    }

    boolean oneway() {
        return message.type == TMessageType.ONEWAY;
    }
}
