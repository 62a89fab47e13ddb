package dev.lakegate.conformance.kerberos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.targets.LakegateGateway;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;
import dev.lakegate.realhms.ScratchPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Two Lakegate gateways ({@code lakegate serve --thrift-auth kerberos}, the realm's service principal and keytab)
 * on one scratch PostgreSQL catalog database, so that a token one issues is honoured by the other.
 */
class KerberosOnLakegateTest extends KerberosScenarios {

    private static final String REFUSAL = "Refusing the connection from ";

    private final List<LakegateGateway> gateways = new ArrayList<>();

    @Override
    protected SecureServers startServers(TestRealm realm, ScratchPostgres catalogDatabase) throws Exception {
        Path warehouse = Files.createTempDirectory(Files.createDirectories(Targets.runDir()), "kerberos-warehouse-");
        for (int g = 0; g < 2; g++) {
            gateways.add(LakegateGateway.create(Targets.runDir(), Targets.logsDir())
                    .withJdbcUrl(catalogDatabase.jdbcUrl() + "?user=postgres")
                    .withWarehouse(warehouse)
                    .withJvmFlags(realm.jvmFlags())
                    .withOptions(List.of(
                            "--thrift-auth",
                            "kerberos",
                            "--thrift-kerberos-principal",
                            TestRealm.SERVICE,
                            "--thrift-kerberos-keytab",
                            realm.serviceKeytab().toString())));
        }
        for (LakegateGateway gateway : gateways) {
            gateway.start();
            System.out.println("[conformance] Kerberos: " + gateway.startupReport());
        }
        return new SecureServers(gateways.get(0), gateways.get(1));
    }

    @Override
    protected void stopServers() {
        gateways.forEach(LakegateGateway::stop);
    }

    @Override
    protected boolean recordsTheCallerAsOwner() {
        return true;
    }

    /** One WARN line per refused connection, naming the mechanism; the gateway writes it as it closes. */
    @Override
    protected void assertRefusalLogged(MetastoreTarget server, String mechanism) throws Exception {
        Path log = ((LakegateGateway) server).logFile();
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (refusals(log, mechanism) == 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(refusals(log, mechanism)).isEqualTo(1);
    }

    private static long refusals(Path log, String mechanism) throws IOException {
        return Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                .filter(line -> line.contains(REFUSAL) && line.contains("(SASL " + mechanism + ")"))
                .count();
    }
}
