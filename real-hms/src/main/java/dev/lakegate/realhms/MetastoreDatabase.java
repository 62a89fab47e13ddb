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

    /** Whether another metastore made the schema already (metastores sharing a database): no schema tool then. */
    default boolean schemaMade() {
        return false;
    }

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

    /**
     * A PostgreSQL database the caller made for this metastore; the schema tool makes its tables, unless
     * {@code schemaMade}: a second metastore on the database of a first, as HMS runs highly available.
     */
    record Postgres(String jdbcUrl, String user, String password, boolean schemaMade) implements MetastoreDatabase {

        public Postgres {
            requireNonNull(jdbcUrl, "jdbcUrl is null");
            requireNonNull(user, "user is null");
            requireNonNull(password, "password is null");
        }

        public Postgres(String jdbcUrl, String user, String password) {
            this(jdbcUrl, user, password, false);
        }

        /** The same database for another metastore, once this one has made the schema. */
        public Postgres shared() {
            return new Postgres(jdbcUrl, user, password, true);
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
