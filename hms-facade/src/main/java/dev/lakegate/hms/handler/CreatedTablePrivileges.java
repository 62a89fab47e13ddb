package dev.lakegate.hms.handler;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.PrivilegeGrant;
import dev.lakegate.translator.mapping.PrivilegeMapper;
import dev.lakegate.translator.mapping.RoleMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.HiveObjectRef;
import org.apache.hadoop.hive.metastore.api.HiveObjectType;
import org.apache.hadoop.hive.metastore.api.PrincipalPrivilegeSet;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.PrivilegeGrantInfo;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * The privileges a new table comes with ({@code Table.privileges}: Hive's engine gives its owner's grants there),
 * kept as HMS's store keeps them with the table: each privilege as given (not split), authorizer "SQL". They are
 * granted right after the table is made, in a second catalog call.
 */
final class CreatedTablePrivileges {

    private static final String AUTHORIZER = "SQL";

    private CreatedTablePrivileges() {}

    static void keep(CatalogClient client, Table table) {
        PrincipalPrivilegeSet set = table.getPrivileges();
        if (set == null) {
            return;
        }
        HiveObjectRef ref =
                new HiveObjectRef(HiveObjectType.TABLE, table.getDbName(), table.getTableName(), null, null);
        ref.setCatName(table.getCatName());
        List<PrivilegeGrant> grants = new ArrayList<>();
        add(grants, ref, set.getUserPrivileges(), PrincipalType.USER);
        add(grants, ref, set.getGroupPrivileges(), PrincipalType.GROUP);
        add(grants, ref, set.getRolePrivileges(), PrincipalType.ROLE);
        if (!grants.isEmpty()) {
            client.privileges().grant(grants);
        }
    }

    private static void add(
            List<PrivilegeGrant> grants,
            HiveObjectRef ref,
            Map<String, List<PrivilegeGrantInfo>> byPrincipal,
            PrincipalType type) {
        if (byPrincipal == null) {
            return;
        }
        byPrincipal.forEach((principal, infos) -> {
            for (PrivilegeGrantInfo info : infos) {
                PrivilegeGrant.Builder grant = PrivilegeGrant.newBuilder()
                        .setObject(PrivilegeMapper.toNative(ref))
                        .setPrincipal(RoleMapper.principal(principal, type))
                        .setPrivilege(info.getPrivilege() == null ? "" : info.getPrivilege())
                        .setGrantOption(info.isGrantOption())
                        .setAuthorizer(AUTHORIZER);
                if (info.getGrantor() != null) {
                    grant.setGrantor(RoleMapper.principal(info.getGrantor(), info.getGrantorType()));
                }
                grants.add(grant.build());
            }
        });
    }
}
