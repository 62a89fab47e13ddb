package dev.lakegate.enginetests.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.realhms.EngineRealm;
import dev.lakegate.realhms.EngineStatementFailed;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * {@link SecureHiveQl} with the gateway enforcing its grants: the engine's user is refused a database until the
 * admin grants it CREATE on the catalog, then owns what it creates; another Kerberos user of the same engine
 * session is refused the table, reads it once granted SELECT, and still may not drop it. Each refusal is what the
 * engine surfaces of the gateway's MetaException, worded as HMS 4.0.1's metastore-side authorizer words it. The
 * audit log names the Kerberos users. A plain HMS enforces no grants of its own, so these steps have no reference
 * run (HMS 4 leaves authorization to an authorizer plugin in the metastore or the engine).
 */
final class AuthorizedHiveQl {

    private final EngineRealm realm;
    private final Path auditLog;
    /** Each user logged in once: Hive keeps a session's metastore client per user object. */
    private final Map<String, UserGroupInformation> logins = new HashMap<>();

    AuthorizedHiveQl(EngineRealm realm, Path auditLog) {
        this.realm = realm;
        this.auditLog = auditLog;
    }

    /** The refusal before a grant, the grant, {@link SecureHiveQl}'s steps, then the other user's. */
    List<HiveStep> steps() {
        List<HiveStep> steps = new ArrayList<>();
        steps.add(new HiveStep("CREATE DATABASE refused before a grant", this::createRefused));
        steps.add(new HiveStep("the admin grants CREATE on the catalog", this::grantCreate));
        steps.addAll(SecureHiveQl.steps());
        steps.add(new HiveStep("a user without grants is refused the table", this::otherUserRefused));
        steps.add(new HiveStep("a SELECT grant lets that user read", this::otherUserGrantedSelect));
        steps.add(new HiveStep("SELECT does not let it DROP", this::otherUserRefusedDrop));
        steps.add(new HiveStep("the audit log names the Kerberos users", this::auditNamesKerberosUsers));
        return steps;
    }

    private void createRefused(HiveEngine hive) {
        assertThatThrownBy(() -> hive.run("CREATE DATABASE " + SecureHiveQl.DB))
                .isInstanceOf(EngineStatementFailed.class)
                .hasMessageContaining(denied(EngineRealm.ENGINE_USER, "CREATEDATABASE", "CREATE", "GLOBAL", "hive"));
    }

    private void grantCreate(HiveEngine hive) {
        admin(hive).onCatalog("CREATE", EngineRealm.ENGINE_USER);
    }

    private void otherUserRefused(HiveEngine hive) {
        assertThatThrownBy(() -> asOther(hive, "SELECT id, item FROM " + SecureHiveQl.TABLE))
                .isInstanceOf(EngineStatementFailed.class)
                .hasMessageContaining(
                        denied(EngineRealm.OTHER_USER, "QUERY", "SELECT", "TABLE_OR_VIEW", SecureHiveQl.TABLE));
    }

    private void otherUserGrantedSelect(HiveEngine hive) {
        admin(hive).onTable(SecureHiveQl.DB, "orders", "SELECT", EngineRealm.OTHER_USER);
        assertThat(asOther(hive, "SELECT id, item FROM " + SecureHiveQl.TABLE))
                .containsExactlyInAnyOrder(SecureHiveQl.rows());
    }

    private void otherUserRefusedDrop(HiveEngine hive) {
        assertThatThrownBy(() -> asOther(hive, "DROP TABLE " + SecureHiveQl.TABLE))
                .isInstanceOf(EngineStatementFailed.class)
                .hasMessageContaining(
                        denied(EngineRealm.OTHER_USER, "DROPTABLE", "DROP", "TABLE_OR_VIEW", SecureHiveQl.TABLE));
        // nothing changed: the owner still reads its rows
        assertThat(hive.run("SELECT id, item FROM " + SecureHiveQl.TABLE))
                .containsExactlyInAnyOrder(SecureHiveQl.rows());
    }

    private void auditNamesKerberosUsers(HiveEngine hive) {
        List<String> lines = audit();
        assertThat(lines)
                .as("the engine user's table, created through the Thrift door")
                .anySatisfy(line -> assertThat(line)
                        .contains(field("principal", EngineRealm.ENGINE_USER))
                        .contains(field("door", "thrift"))
                        .contains(field("operation", "CreateTable"))
                        .contains(field("decision", "allow")));
        assertThat(lines)
                .as("the other user's refused DROP")
                .anySatisfy(line -> assertThat(line)
                        .contains(field("principal", EngineRealm.OTHER_USER))
                        .contains(field("operation", "DeleteTable"))
                        .contains(field("decision", "deny")));
    }

    /** HMS 4.0.1's words for a refusal, as the gateway sends them. */
    private static String denied(String user, String operation, String privilege, String type, String name) {
        return "Permission denied: Principal [name=" + user + ", type=USER] does not have following privileges for"
                + " operation " + operation + " [[" + privilege + "] on Object [type=" + type + ", name=" + name
                + "]]";
    }

    private static String field(String name, String value) {
        return "\"" + name + "\":\"" + value + "\"";
    }

    private AdminGrants admin(HiveEngine hive) {
        return new AdminGrants(login(EngineRealm.ADMIN), hive.conf());
    }

    private List<String> asOther(HiveEngine hive, String statement) {
        try {
            return hive.runAs(login(EngineRealm.OTHER_USER), statement);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private UserGroupInformation login(String user) {
        return logins.computeIfAbsent(user, name -> {
            try {
                return realm.user(name);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private List<String> audit() {
        try {
            return Files.readAllLines(auditLog, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
