package dev.lakegate.hms.server;

import java.util.ArrayList;
import java.util.List;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;

/**
 * The transport a reply is written into before it goes on the wire: chunks that double in size up
 * to {@value #MAX_CHUNK} bytes and are never copied. libthrift's TMemoryBuffer writes each byte
 * through a synchronized ByteArrayOutputStream and copies the whole reply at every doubling, so a
 * large answer (thousands of partitions) is copied many times over and its large arrays go
 * straight to the old generation. Not thread-safe: one call writes it.
 *
 * <p>With a {@link Sink}, a reply that outgrows {@value #STREAM_AFTER} bytes is streamed: the chunks
 * held so far and each chunk filled after them go to the sink, and are not kept. Only bytes of a
 * reply are ever written here, after the handler has returned, so a reply is streamed only once
 * the call has an answer; a failure after that (a result that cannot be written whole) can no
 * longer become an error reply, and the connection must be closed instead ({@link #streamed()}).
 */
final class ReplyBuffer extends TTransport {

    /** Where a streamed reply's chunks go, in order. May block until the client has read earlier ones. */
    interface Sink {
        void send(byte[] chunk) throws TTransportException;
    }

    static final int STREAM_AFTER = 1024 * 1024;
    private static final int FIRST_CHUNK = 512;
    private static final int MAX_CHUNK = 64 * 1024;

    private final TConfiguration configuration;
    private final Sink sink;
    private final List<byte[]> full = new ArrayList<>();
    private byte[] chunk = new byte[FIRST_CHUNK];
    private int used;
    private long held;
    private boolean streamed;

    ReplyBuffer(TConfiguration configuration) {
        this(configuration, null);
    }

    /** {@code sink} null: the whole reply is held until {@link #toReply()}. */
    ReplyBuffer(TConfiguration configuration, Sink sink) {
        this.configuration = configuration;
        this.sink = sink;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws TTransportException {
        if (length <= chunk.length - used) {
            // Most writes are a field header or a short string and fit.
            System.arraycopy(bytes, offset, chunk, used, length);
            used += length;
            return;
        }
        int at = offset;
        int left = length;
        while (left > 0) {
            if (used == chunk.length) {
                chunkFilled();
            }
            int n = Math.min(left, chunk.length - used);
            System.arraycopy(bytes, at, chunk, used, n);
            used += n;
            at += n;
            left -= n;
        }
    }

    private void chunkFilled() throws TTransportException {
        full.add(chunk);
        held += chunk.length;
        chunk = new byte[Math.min(MAX_CHUNK, chunk.length * 2)];
        used = 0;
        if (sink != null && (streamed || held > STREAM_AFTER)) {
            streamed = true;
            for (byte[] filled : full) {
                sink.send(filled);
            }
            full.clear();
        }
    }

    /** Whether part of the reply has gone to the sink already. */
    boolean streamed() {
        return streamed;
    }

    /** What was written and not streamed, as one reply (after a streamed part: its end). */
    Reply toReply() {
        List<byte[]> chunks = new ArrayList<>(full.size() + 1);
        chunks.addAll(full);
        chunks.add(chunk);
        return new Reply(chunks, used);
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public void open() {}

    @Override
    public void close() {}

    @Override
    public int read(byte[] bytes, int offset, int length) throws TTransportException {
        throw new TTransportException(TTransportException.NOT_OPEN, "a reply buffer is written, never read");
    }

    @Override
    public TConfiguration getConfiguration() {
        return configuration;
    }

    @Override
    public void updateKnownMessageSize(long size) {}

    @Override
    public void checkReadBytesAvailable(long numBytes) {}

    @Override
    public void resetMessageSizeAndConsumedBytes(long size) {}
}
