package dev.lakegate.conformance.realhms;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Comparison;
import dev.lakegate.conformance.diff.Differential;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;
import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Database;
import org.junit.jupiter.api.Test;

/**
 * The differential helper end to end with real clients: the reference against itself under another
 * name (what Lakegate in front of that same HMS would be, before it changes anything), so every call
 * must come out the same, exceptions included.
 */
// getTable(db, name) is deprecated in the 4.0 client but is the one call every client line has.
@SuppressWarnings("deprecation")
class DifferentialOnRealHmsTest {

    /** The reference seen through a second target object: same server, its own client connection. */
    private static MetastoreTarget mirror(MetastoreTarget target) {
        return new MetastoreTarget() {
            @Override
            public String name() {
                return "mirror-of-" + target.name();
            }

            @Override
            public void start() {}

            @Override
            public void stop() {}

            @Override
            public URI thriftUri() {
                return target.thriftUri();
            }

            @Override
            public Path warehouseDir() {
                return target.warehouseDir();
            }
        };
    }

    @Test
    void theSameCallsOnTheSameMetastoreCompareEqual() throws Exception {
        MetastoreTarget hms = Targets.realHms();
        try (Differential diff = new Differential(hms, mirror(hms))) {
            diff.run("get_all_databases", c -> c.getAllDatabases()).assertSame();
            diff.run("get_database default", c -> c.getDatabase("default")).assertSame();
            Comparison missing = diff.run("get_database missing", c -> c.getDatabase("differential_no_such_db"))
                    .assertSame();
            assertThat(missing.reference().exceptionType()).isEqualTo("NoSuchObjectException");
            diff.run("get_table missing", c -> c.getTable("default", "differential_no_such_table"))
                    .assertSameFailure("table not found");
        }
    }

    @Test
    void aChangeBetweenTheTwoCallsIsCaught() throws Exception {
        MetastoreTarget hms = Targets.realHms();
        String name = "differential_db_" + System.nanoTime();
        try (Differential diff = new Differential(hms, mirror(hms))) {
            // The reference's call runs first: it creates, the candidate's then finds it already there.
            Comparison c = diff.run("create_database", cl -> {
                cl.createDatabase(new Database(name, null, null, new HashMap<>(Map.of())));
                return null;
            });
            assertThat(c.reference().failed()).isFalse();
            assertThat(c.candidate().exceptionType()).isEqualTo("AlreadyExistsException");
            assertThat(c.differences()).hasSize(1);
        }
    }
}
