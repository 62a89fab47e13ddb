package dev.lakegate.catalog.server.metadata;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.LakeState;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.TableMetadata;

/**
 * The metadata files one commit reads, each parsed once: the commit's lake state and the statistics of its
 * new snapshots come from the same parse (a file of a table with a long history takes milliseconds to parse).
 * A parse that failed fails again for every reader without being retried. Not shared between threads; lives
 * as long as one commit.
 */
public final class MetadataFileReads {

    private final IcebergMetadata metadata;
    private final Map<String, Parse> parses = new HashMap<>();

    MetadataFileReads(IcebergMetadata metadata) {
        this.metadata = requireNonNull(metadata, "metadata is null");
    }

    /**
     * The lake state of the metadata file at {@code location}, or empty when the catalog cannot read that kind
     * of location. A file that is missing, is not Iceberg metadata, or sits on a store that cannot be reached
     * is refused.
     */
    public Optional<LakeState> state(String location) {
        if (!metadata.reads(location)) {
            return Optional.empty();
        }
        return Optional.of(IcebergMetadata.state(parsed(location)));
    }

    TableMetadata parsed(String location) {
        return parses.computeIfAbsent(location, this::parse).get();
    }

    private Parse parse(String location) {
        try {
            return new Parse(metadata.parse(location), null);
        } catch (RuntimeException e) {
            return new Parse(null, e);
        }
    }

    private record Parse(TableMetadata metadata, RuntimeException error) {
        TableMetadata get() {
            if (error != null) {
                throw error;
            }
            return metadata;
        }
    }
}
