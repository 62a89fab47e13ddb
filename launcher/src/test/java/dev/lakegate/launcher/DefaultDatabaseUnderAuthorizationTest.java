package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.server.authz.AuthorizationMode;
import dev.lakegate.catalog.server.authz.AuthorizationSettings;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a fresh gateway enforcing grants, a user holding none finds database {@code default} as on HMS (owned by role
 * public, which every user holds), and is still refused what takes a grant. Found by Hive's engine with Kerberos
 * (engine-tests/hive, HiveKerberosOnLakegateTest): its first CREATE DATABASE was refused on reading default.
 */
class DefaultDatabaseUnderAuthorizationTest {

    @TempDir
    Path data;

    @Test
    void aUserWithoutGrantsFindsDefaultOnAFreshGateway() throws Exception {
        AuthorizationSettings enforcing =
                new AuthorizationSettings(AuthorizationMode.ENFORCE, Set.of("steward"), false, Optional.empty());
        try (GatewayFixture gateway = GatewayFixture.start(data, enforcing)) {
            ThriftHiveMetastore.Client carol = gateway.client();
            carol.set_ugi("carol", List.of());

            Database database = carol.get_database("default");
            assertThat(database.getOwnerName()).isEqualTo("public");
            assertThat(database.getOwnerType()).isEqualTo(PrincipalType.ROLE);
            assertThat(carol.get_all_databases()).containsExactly("default");
            assertThatThrownBy(() -> carol.create_database(new Database("carols", "", null, new HashMap<>())))
                    .isInstanceOf(MetaException.class)
                    .hasMessageContaining("Permission denied: Principal [name=carol, type=USER]")
                    .hasMessageContaining("CREATEDATABASE");
        }
    }
}
