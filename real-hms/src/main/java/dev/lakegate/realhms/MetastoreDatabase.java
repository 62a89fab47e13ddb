package dev.lakegate.realhms;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Where a real HMS keeps its metadata: embedded Derby in its own folder, or a PostgreSQL database. */
public sealed interface MetastoreDatabase {

    /** The JDO settings that point the server (and its schema tool) at the database. */
    Map<String, String> connection(Path derbyDir);

    /** The schema tool's {@code -dbType}. */
    String schemaToolType();

    /** For reports, e.g. {@code embedded Derby}. */
    String label();

    /**
     * Embedded Derby in the metastore's folder. With {@code fromTemplate}, the release's schema tool runs
     * once per laid-out release, into a template folder beside the distribution, and every later metastore
     * copies the template: a test run starts several, and the tool takes seconds each time.
     */
    record Derby(boolean fromTemplate) implements MetastoreDatabase {

        @Override
        public Map<String, String> connection(Path derbyDir) {
            Map<String, String> s = new LinkedHashMap<>();
            s.put("javax.jdo.option.ConnectionURL", "jdbc:derby:;databaseName=" + derbyDir + ";create=true");
            s.put("javax.jdo.option.ConnectionDriverName", "org.apache.derby.jdbc.EmbeddedDriver");
            return s;
        }

        @Override
        public String schemaToolType() {
            return "derby";
        }

        @Override
        public String label() {
            return "embedded Derby";
        }
    }

    /** A PostgreSQL database the caller made for this metastore; the schema tool makes its tables. */
    record Postgres(String jdbcUrl, String user, String password) implements MetastoreDatabase {

        public Postgres {
            requireNonNull(jdbcUrl, "jdbcUrl is null");
            requireNonNull(user, "user is null");
            requireNonNull(password, "password is null");
        }

        @Override
        public Map<String, String> connection(Path derbyDir) {
            Map<String, String> s = new LinkedHashMap<>();
            s.put("javax.jdo.option.ConnectionURL", jdbcUrl);
            s.put("javax.jdo.option.ConnectionDriverName", "org.postgresql.Driver");
            s.put("javax.jdo.option.ConnectionUserName", user);
            s.put("javax.jdo.option.ConnectionPassword", password);
            return s;
        }

        @Override
        public String schemaToolType() {
            return "postgres";
        }

        @Override
        public String label() {
            return "PostgreSQL";
        }
    }
}
