package dev.lakegate.translator.mapping;

import dev.lakegate.catalog.v1.Principal;
import dev.lakegate.catalog.v1.PrivilegeGrant;
import dev.lakegate.catalog.v1.PrivilegeObject;
import dev.lakegate.catalog.v1.PrivilegeObjectKind;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.HiveObjectPrivilege;
import org.apache.hadoop.hive.metastore.api.HiveObjectRef;
import org.apache.hadoop.hive.metastore.api.HiveObjectType;
import org.apache.hadoop.hive.metastore.api.PrivilegeGrantInfo;

/** HMS's privileges (HiveObjectPrivilege, HiveObjectRef, PrivilegeGrantInfo) and the catalog's grants. */
public final class PrivilegeMapper {

    private PrivilegeMapper() {}

    /**
     * The grants of one HMS privilege: HMS's store splits its privilege at commas and grants each. A data
     * connector's object is none of the catalog's (IllegalArgumentException).
     */
    public static List<PrivilegeGrant> toNative(HiveObjectPrivilege privilege) {
        PrivilegeObject object = toNative(privilege.getHiveObject());
        Principal principal = RoleMapper.principal(privilege.getPrincipalName(), privilege.getPrincipalType());
        PrivilegeGrantInfo info =
                privilege.getGrantInfo() == null ? new PrivilegeGrantInfo() : privilege.getGrantInfo();
        List<PrivilegeGrant> grants = new ArrayList<>();
        for (String name : Values.nullToEmpty(info.getPrivilege()).split(",")) {
            PrivilegeGrant.Builder grant = PrivilegeGrant.newBuilder()
                    .setObject(object)
                    .setPrincipal(principal)
                    .setPrivilege(name)
                    .setGrantOption(info.isGrantOption())
                    .setAuthorizer(Values.nullToEmpty(privilege.getAuthorizer()));
            if (info.getGrantor() != null) {
                grant.setGrantor(RoleMapper.principal(info.getGrantor(), info.getGrantorType()));
            }
            grants.add(grant.build());
        }
        return grants;
    }

    public static PrivilegeObject toNative(HiveObjectRef ref) {
        if (ref == null || ref.getObjectType() == null) {
            throw new IllegalArgumentException("a privilege's object has a type");
        }
        PrivilegeObjectKind kind = switch (ref.getObjectType()) {
            case GLOBAL -> PrivilegeObjectKind.GLOBAL;
            case DATABASE -> PrivilegeObjectKind.NAMESPACE;
            case TABLE -> PrivilegeObjectKind.TABLE;
            case PARTITION -> PrivilegeObjectKind.PARTITION;
            case COLUMN -> PrivilegeObjectKind.COLUMN;
            default -> throw new IllegalArgumentException("privileges on " + ref.getObjectType() + " are not kept");
        };
        PrivilegeObject.Builder object = PrivilegeObject.newBuilder().setKind(kind);
        if (kind != PrivilegeObjectKind.GLOBAL) {
            object.setCatalog(HiveNames.catalogOrDefault(ref.getCatName()))
                    .setNamespace(Values.nullToEmpty(ref.getDbName()));
        }
        if (kind != PrivilegeObjectKind.GLOBAL && kind != PrivilegeObjectKind.NAMESPACE) {
            object.setTable(Values.nullToEmpty(ref.getObjectName()));
            if (ref.getPartValues() != null) {
                object.addAllPartitionValues(ref.getPartValues());
            }
        }
        if (kind == PrivilegeObjectKind.COLUMN) {
            object.setColumn(Values.nullToEmpty(ref.getColumnName()));
        }
        return object.build();
    }

    /** A grant as HMS lists it: its object as the catalog names it now, time in seconds, no authorizer null. */
    public static HiveObjectPrivilege fromNative(PrivilegeGrant grant) {
        return new HiveObjectPrivilege(
                fromNative(grant.getObject()),
                grant.getPrincipal().getName(),
                Principals.fromNative(grant.getPrincipal().getKind()),
                grantInfo(grant),
                Values.emptyToNull(grant.getAuthorizer()));
    }

    public static PrivilegeGrantInfo grantInfo(PrivilegeGrant grant) {
        return new PrivilegeGrantInfo(
                grant.getPrivilege(),
                Values.seconds(grant.getGrantTime()),
                grant.hasGrantor() ? grant.getGrantor().getName() : null,
                grant.hasGrantor() ? Principals.fromNative(grant.getGrantor().getKind()) : null,
                grant.getGrantOption());
    }

    /** As HMS's store builds it: no catalog for GLOBAL, partition values only for a partition or its column. */
    public static HiveObjectRef fromNative(PrivilegeObject object) {
        HiveObjectType type = switch (object.getKind()) {
            case NAMESPACE -> HiveObjectType.DATABASE;
            case TABLE -> HiveObjectType.TABLE;
            case PARTITION -> HiveObjectType.PARTITION;
            case COLUMN -> HiveObjectType.COLUMN;
            default -> HiveObjectType.GLOBAL;
        };
        if (type == HiveObjectType.GLOBAL) {
            return new HiveObjectRef(type, null, null, null, null);
        }
        HiveObjectRef ref = new HiveObjectRef(
                type,
                object.getNamespace(),
                type == HiveObjectType.DATABASE ? null : object.getTable(),
                object.getPartitionValuesCount() == 0 ? null : object.getPartitionValuesList(),
                type == HiveObjectType.COLUMN ? object.getColumn() : null);
        ref.setCatName(object.getCatalog());
        return ref;
    }
}
