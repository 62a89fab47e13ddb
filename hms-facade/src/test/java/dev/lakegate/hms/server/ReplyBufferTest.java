package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TMemoryBuffer;
import org.junit.jupiter.api.Test;

class ReplyBufferTest {

    @Test
    void keepsEveryByteInOrderAcrossChunks() throws Exception {
        Random random = new Random(7);
        ReplyBuffer buffer = new ReplyBuffer(new TConfiguration());
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        // Single bytes, short strings and writes larger than the largest chunk, as a reply has them.
        int[] sizes = {1, 4, 1, 37, 200_000, 1, 8, 65_536, 3, 700, 131_071};
        for (int round = 0; round < 3; round++) {
            for (int size : sizes) {
                byte[] bytes = new byte[size + 5];
                random.nextBytes(bytes);
                buffer.write(bytes, 5, size);
                expected.write(bytes, 5, size);
            }
        }
        Reply reply = buffer.toReply();

        assertThat(reply.length()).isEqualTo(expected.size());
        assertThat(bytes(reply.toWire(Framing.UNFRAMED))).isEqualTo(expected.toByteArray());
        byte[] framed = bytes(reply.toWire(Framing.FRAMED));
        assertThat(ByteBuffer.wrap(framed).getInt()).isEqualTo(expected.size());
        assertThat(Arrays.copyOfRange(framed, 4, framed.length)).isEqualTo(expected.toByteArray());
    }

    @Test
    void aLargeReplyGoesToTheSinkOnceItOutgrowsWhatIsHeldAndTheRestEndsIt() throws Exception {
        ByteArrayOutputStream streamed = new ByteArrayOutputStream();
        ReplyBuffer buffer = new ReplyBuffer(new TConfiguration(), chunk -> streamed.write(chunk, 0, chunk.length));
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        byte[] bytes = new byte[1000];
        new Random(11).nextBytes(bytes);
        for (int i = 0; i < ReplyBuffer.STREAM_AFTER / 1000; i++) {
            buffer.write(bytes, 0, bytes.length);
            expected.write(bytes, 0, bytes.length);
        }
        assertThat(buffer.streamed()).isFalse();
        for (int i = 0; i < 2_000; i++) {
            buffer.write(bytes, i % 7, 1 + i % 900);
            expected.write(bytes, i % 7, 1 + i % 900);
        }

        assertThat(buffer.streamed()).isTrue();
        streamed.write(bytes(buffer.toReply().toWire(Framing.UNFRAMED)));
        assertThat(streamed.toByteArray()).isEqualTo(expected.toByteArray());
    }

    @Test
    void withoutASinkNothingIsStreamed() throws Exception {
        ReplyBuffer buffer = new ReplyBuffer(new TConfiguration());
        byte[] bytes = new byte[3 * ReplyBuffer.STREAM_AFTER];
        buffer.write(bytes, 0, bytes.length);

        assertThat(buffer.streamed()).isFalse();
        assertThat(buffer.toReply().length()).isEqualTo(bytes.length);
    }

    @Test
    void anEmptyBufferIsAnEmptyReply() {
        Reply reply = new ReplyBuffer(new TConfiguration()).toReply();

        assertThat(reply.isEmpty()).isTrue();
        assertThat(bytes(reply.toWire(Framing.UNFRAMED))).isEmpty();
    }

    @Test
    void holdsWhatThriftWritesAsLibthriftsOwnBufferDoes() throws Exception {
        Partition partition = new Partition();
        partition.setDbName("db");
        partition.setTableName("t");
        partition.setValues(List.of("2024-01-01", "7"));
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(List.of(new FieldSchema("id", "bigint", "the key")));
        sd.setLocation("file:/warehouse/t/ds=2024-01-01/hr=7");
        partition.setSd(sd);
        TMemoryBuffer reference = new TMemoryBuffer(16);
        ReplyBuffer buffer = new ReplyBuffer(new TConfiguration());
        for (int i = 0; i < 2_000; i++) {
            partition.write(new TBinaryProtocol(reference));
            partition.write(new TBinaryProtocol(buffer));
        }

        assertThat(bytes(buffer.toReply().toWire(Framing.UNFRAMED)))
                .isEqualTo(Arrays.copyOf(reference.getArray(), reference.length()));
    }

    private static byte[] bytes(ByteBuf buf) {
        try {
            return ByteBufUtil.getBytes(buf);
        } finally {
            buf.release();
        }
    }
}
