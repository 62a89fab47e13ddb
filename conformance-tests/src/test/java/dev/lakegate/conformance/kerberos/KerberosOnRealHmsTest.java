package dev.lakegate.conformance.kerberos;

import dev.lakegate.conformance.targets.RealHiveMetastore;
import dev.lakegate.conformance.targets.Targets;
import dev.lakegate.realhms.MetastoreDatabase;
import dev.lakegate.realhms.ScratchPostgres;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference: two real HMSs of this run's reference release on one scratch PostgreSQL database, as HMS runs
 * highly available, Kerberos on as HMS's documentation sets it up (SASL, the service principal and keytab,
 * Hadoop security on) and delegation tokens in the metastore database (DBTokenStore), so that a token one
 * issues is honoured by the other.
 */
class KerberosOnRealHmsTest extends KerberosScenarios {

    private final List<RealHiveMetastore> metastores = new ArrayList<>();

    @Override
    protected SecureServers startServers(TestRealm realm, ScratchPostgres database) throws Exception {
        // one after the other: the first makes the schema, the default database and its token store's first
        // master key; two starting at once on a fresh schema race to insert them, and one fails
        MetastoreDatabase.Postgres first = new MetastoreDatabase.Postgres(database.jdbcUrl(), "postgres", "");
        for (MetastoreDatabase db : List.of(first, first.shared())) {
            RealHiveMetastore hms = RealHiveMetastore.create(
                            Targets.referenceServerVersion(), Targets.runDir(), Targets.logsDir(), db)
                    .with(kerberos(realm), realm.jvmFlags());
            metastores.add(hms);
            hms.start();
            System.out.println("[conformance] Kerberos: " + hms.startupReport());
        }
        return new SecureServers(metastores.get(0), metastores.get(1));
    }

    private static Map<String, String> kerberos(TestRealm realm) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("metastore.sasl.enabled", "true");
        s.put("metastore.kerberos.principal", TestRealm.SERVICE);
        s.put("metastore.kerberos.keytab.file", realm.serviceKeytab().toString());
        // HMS leaves Hadoop's security to core-site.xml, which the harness writes from hadoop.* settings
        s.put("hadoop.security.authentication", "kerberos");
        // by its Hive name: 3.1.3 reads no other
        s.put("hive.cluster.delegation.token.store.class", "org.apache.hadoop.hive.metastore.security.DBTokenStore");
        return s;
    }

    @Override
    protected void stopServers() {
        metastores.forEach(RealHiveMetastore::stop);
    }

    @Override
    protected boolean recordsTheCallerAsOwner() {
        return Targets.hmsServer(Targets.referenceServerVersion()).major() >= 4;
    }
}
