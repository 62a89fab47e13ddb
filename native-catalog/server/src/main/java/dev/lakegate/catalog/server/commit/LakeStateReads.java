package dev.lakegate.catalog.server.commit;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.LakeState;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableUpdate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The metadata files a commit points tables at, read before its transaction: parsing a metadata
 * file takes milliseconds, and inside the transaction it would hold the table's row lock that long
 * (every HiveCatalog commit moves a pointer). A file that cannot be read keeps its error, thrown
 * only if the commit turns out to need it (the table is an Iceberg table).
 */
public final class LakeStateReads implements Function<String, Optional<LakeState>> {

    private final Function<String, Optional<LakeState>> reader;
    private final Map<String, Read> reads = new HashMap<>();

    private LakeStateReads(Function<String, Optional<LakeState>> reader) {
        this.reader = requireNonNull(reader, "reader is null");
    }

    public static LakeStateReads before(List<TableCommit> commits, Function<String, Optional<LakeState>> reader) {
        LakeStateReads reads = new LakeStateReads(reader);
        for (TableCommit commit : commits) {
            for (TableUpdate update : commit.updates()) {
                if (update instanceof TableUpdate.SetMetadataLocation location
                        && !location.location().isEmpty()) {
                    reads.reads.computeIfAbsent(location.location(), reads::read);
                }
            }
        }
        return reads;
    }

    @Override
    public Optional<LakeState> apply(String location) {
        return reads.computeIfAbsent(location, this::read).get();
    }

    private Read read(String location) {
        try {
            return new Read(reader.apply(location), null);
        } catch (RuntimeException e) {
            return new Read(Optional.empty(), e);
        }
    }

    private record Read(Optional<LakeState> state, RuntimeException error) {
        Optional<LakeState> get() {
            if (error != null) {
                throw error;
            }
            return state;
        }
    }
}
