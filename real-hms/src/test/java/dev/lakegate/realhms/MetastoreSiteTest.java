package dev.lakegate.realhms;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetastoreSiteTest {

    @TempDir
    Path dir;

    @Test
    void theCallersSettingsGoOverTheCommonOnes() {
        Map<String, String> settings = MetastoreSite.settings(
                new MetastoreDatabase.Derby(false).connection(Path.of("/m/db")),
                "file:/m/warehouse",
                Map.of("metastore.task.threads.always", "X", "metastore.txn.timeout", "3s"));
        assertThat(settings)
                .containsEntry("javax.jdo.option.ConnectionURL", "jdbc:derby:;databaseName=/m/db;create=true")
                .containsEntry("metastore.warehouse.dir", "file:/m/warehouse")
                .containsEntry("metastore.thrift.bind.host", "127.0.0.1")
                .containsEntry("metastore.task.threads.always", "X")
                .containsEntry("metastore.txn.timeout", "3s");
    }

    @Test
    void writesTheSiteEscapedAndTheLogLevel() throws Exception {
        MetastoreSite.write(dir, Map.of("a&b", "<c>"), "WARN");
        assertThat(Files.readString(dir.resolve("metastore-site.xml")))
                .contains("<property><name>a&amp;b</name><value>&lt;c&gt;</value></property>");
        assertThat(Files.readString(dir.resolve("metastore-log4j2.properties"))).contains("rootLogger.level = WARN");
        assertThat(dir.resolve("core-site.xml")).doesNotExist();
    }

    @Test
    void hadoopsSettingsAlsoGoToCoreSite() throws Exception {
        MetastoreSite.write(dir, Map.of("hadoop.security.authentication", "kerberos", "metastore.x", "y"), "WARN");
        assertThat(Files.readString(dir.resolve("core-site.xml")))
                .contains("<property><name>hadoop.security.authentication</name><value>kerberos</value></property>")
                .doesNotContain("metastore.x");
    }

    @Test
    void postgresNamesItsUserAndTheSchemaToolsType() {
        MetastoreDatabase postgres =
                new MetastoreDatabase.Postgres("jdbc:postgresql://127.0.0.1:5432/x", "postgres", "");
        assertThat(postgres.connection(dir))
                .containsEntry("javax.jdo.option.ConnectionUserName", "postgres")
                .containsEntry("javax.jdo.option.ConnectionURL", "jdbc:postgresql://127.0.0.1:5432/x");
        assertThat(postgres.schemaToolType()).isEqualTo("postgres");
    }
}
