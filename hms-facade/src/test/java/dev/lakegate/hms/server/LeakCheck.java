package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when Netty's leak detector reports a buffer that was never released. Detection
 * is PARANOID (every buffer is tracked, set in the POM and checked here), and the detectors report
 * into a list instead of the log. A leak is only seen once the buffer was garbage collected and
 * another buffer was allocated, so after the class this collects and allocates a few times.
 *
 * <p>The factory must be in place before Netty creates its detectors (when the buffer classes load),
 * so test classes make no Netty object before their {@code @BeforeAll}.
 */
final class LeakCheck implements BeforeAllCallback, AfterAllCallback {

    private static final List<String> LEAKS = new CopyOnWriteArrayList<>();
    private static final int COLLECTIONS = 5;

    static {
        ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new ResourceLeakDetectorFactory() {
            @Override
            public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval) {
                return new RecordingDetector<>(resource, samplingInterval);
            }

            // the abstract method, deprecated since Netty ignores maxActive; implemented all the same
            @Override
            @SuppressWarnings("deprecation")
            public <T> ResourceLeakDetector<T> newResourceLeakDetector(
                    Class<T> resource, int samplingInterval, long maxActive) {
                return new RecordingDetector<>(resource, samplingInterval);
            }
        });
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        assertThat(ResourceLeakDetector.getLevel()).isEqualTo(ResourceLeakDetector.Level.PARANOID);
        LEAKS.clear();
    }

    @Override
    public void afterAll(ExtensionContext context) throws InterruptedException {
        assertThat(collect())
                .as("buffers leaked in " + context.getDisplayName())
                .isEmpty();
    }

    /** The leaks reported since the last call, after giving the detectors a chance to see them. */
    static List<String> collect() throws InterruptedException {
        for (int i = 0; i < COLLECTIONS; i++) {
            System.gc();
            Thread.sleep(20);
            // allocating makes the detectors look at what the collector found
            ByteBufAllocator.DEFAULT.buffer(8).release();
            ByteBufAllocator.DEFAULT.directBuffer(8).release();
            UnpooledByteBufAllocator.DEFAULT.heapBuffer(8).release();
        }
        List<String> leaks = List.copyOf(LEAKS);
        LEAKS.clear();
        return leaks;
    }

    private static final class RecordingDetector<T> extends ResourceLeakDetector<T> {
        RecordingDetector(Class<T> resource, int samplingInterval) {
            super(resource, samplingInterval);
        }

        @Override
        protected boolean needReport() {
            return true;
        }

        @Override
        protected void reportTracedLeak(String resourceType, String records) {
            LEAKS.add(resourceType + " leaked:" + records);
        }

        @Override
        protected void reportUntracedLeak(String resourceType) {
            LEAKS.add(resourceType + " leaked (untraced)");
        }
    }
}
