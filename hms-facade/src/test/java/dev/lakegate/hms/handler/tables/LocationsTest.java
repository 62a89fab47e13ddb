package dev.lakegate.hms.handler.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.translator.error.HmsFailure;
import org.junit.jupiter.api.Test;

class LocationsTest {

    private static final String ROOT = "file:/warehouse";

    @Test
    void locationsOfKnownFileSystemsAndPathsAreQualified() {
        assertThat(Locations.qualify("/data/t/", ROOT)).isEqualTo("file:/data/t");
        assertThat(Locations.qualify("file:///data/t", ROOT)).isEqualTo("file:/data/t");
        assertThat(Locations.qualify("hdfs://nn:8020/data/t/", ROOT)).isEqualTo("hdfs://nn:8020/data/t");
        assertThat(Locations.qualify("S3A://bucket/t", ROOT)).isEqualTo("S3A://bucket/t");
    }

    @Test
    void aFileSystemHmsHasNoneForIsRefusedInHmsWords() {
        assertThatThrownBy(() -> Locations.qualify("xyz://host/t", ROOT))
                .isInstanceOf(HmsFailure.class)
                .hasMessage("Got exception: org.apache.hadoop.fs.UnsupportedFileSystemException No FileSystem for"
                        + " scheme \"xyz\"");
    }

    @Test
    void aLocationThatIsNoUriIsRefusedWithTheUriParsersWords() {
        assertThatThrownBy(() -> Locations.check("://no uri"))
                .isInstanceOf(HmsFailure.class)
                .hasMessage("java.lang.IllegalArgumentException: java.net.URISyntaxException: Expected scheme name at"
                        + " index 0: ://no%20uri");
    }

    @Test
    void nullAndBlankAreLeftToTheCaller() {
        Locations.check(null);
        Locations.check(" ");
        assertThat(Locations.qualify("", ROOT)).isEmpty();
    }
}
