package dev.lakegate.hms.server;

import java.util.ArrayList;
import java.util.List;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;

/**
 * The transport a reply is written into before it goes on the wire: chunks that double in size up
 * to {@value #MAX_CHUNK} bytes and are never copied. libthrift's TMemoryBuffer writes each byte
 * through a synchronized ByteArrayOutputStream and copies the whole reply at every doubling: for a
 * 10 MB answer of 10,000 partitions that was two fifths of writing it, and the large arrays went
 * straight to the old generation. Not thread-safe: one call writes it.
 */
final class ReplyBuffer extends TTransport {

    private static final int FIRST_CHUNK = 512;
    private static final int MAX_CHUNK = 64 * 1024;

    private final TConfiguration configuration;
    private final List<byte[]> full = new ArrayList<>();
    private byte[] chunk = new byte[FIRST_CHUNK];
    private int used;

    ReplyBuffer(TConfiguration configuration) {
        this.configuration = configuration;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
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
                full.add(chunk);
                chunk = new byte[Math.min(MAX_CHUNK, chunk.length * 2)];
                used = 0;
            }
            int n = Math.min(left, chunk.length - used);
            System.arraycopy(bytes, at, chunk, used, n);
            used += n;
            at += n;
            left -= n;
        }
    }

    /** What was written, as one reply. */
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
    public void open() {
    }

    @Override
    public void close() {
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws TTransportException {
        throw new TTransportException(TTransportException.NOT_OPEN, "a reply buffer is written, never read");
    }

    @Override
    public TConfiguration getConfiguration() {
        return configuration;
    }

    @Override
    public void updateKnownMessageSize(long size) {
    }

    @Override
    public void checkReadBytesAvailable(long numBytes) {
    }

    @Override
    public void resetMessageSizeAndConsumedBytes(long size) {
    }
}
