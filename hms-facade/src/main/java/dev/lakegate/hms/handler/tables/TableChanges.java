package dev.lakegate.hms.handler.tables;

import dev.lakegate.catalog.v1.AddSchema;
import dev.lakegate.catalog.v1.HiveStorage;
import dev.lakegate.catalog.v1.RemoveProperties;
import dev.lakegate.catalog.v1.Schema;
import dev.lakegate.catalog.v1.SetOwner;
import dev.lakegate.catalog.v1.SetProperties;
import dev.lakegate.catalog.v1.Table;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.TableUpdate;
import dev.lakegate.translator.mapping.TableMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An altered HMS table as the native updates that turn the current table into it: HMS replaces the
 * table's name, parameters, owner, storage descriptor, partition keys' comments, type, view texts,
 * retention and last access time (ObjectStore.alterTable); its create time, temporary flag and a view's
 * creation metadata (which only update_creation_metadata writes) stay.
 * An unchanged part makes no update, so an alter that changes nothing commits only its version.
 */
public final class TableChanges {

    private TableChanges() {}

    public static List<TableUpdate> between(Table current, org.apache.hadoop.hive.metastore.api.Table altered) {
        Table target = TableMapper.toNative(altered, current);
        List<TableUpdate> updates = new ArrayList<>();
        if (!target.getNamespace().equals(current.getNamespace())
                || !target.getName().equals(current.getName())) {
            updates.add(TableUpdate.newBuilder()
                    .setRename(TableIdentifier.newBuilder()
                            .setCatalog(current.getCatalog())
                            .setNamespace(target.getNamespace())
                            .setName(target.getName()))
                    .build());
        }
        properties(current.getPropertiesMap(), target.getPropertiesMap(), updates);
        if (!target.getLocation().isEmpty() && !target.getLocation().equals(current.getLocation())) {
            updates.add(TableUpdate.newBuilder()
                    .setSetLocation(target.getLocation())
                    .build());
        }
        Schema schema = target.getSchemas(0);
        if (!schema.getFieldsList().equals(currentSchema(current).getFieldsList())) {
            updates.add(TableUpdate.newBuilder()
                    .setAddSchema(AddSchema.newBuilder().setSchema(schema))
                    .build());
            updates.add(TableUpdate.newBuilder().setSetCurrentSchema(-1).build());
        }
        HiveStorage.Builder kept =
                target.getHive().toBuilder().setTemporary(current.getHive().getTemporary());
        if (current.getHive().hasViewSources()) {
            kept.setViewSources(current.getHive().getViewSources());
        } else {
            kept.clearViewSources();
        }
        HiveStorage hive = kept.build();
        if (!hive.equals(current.getHive())) {
            updates.add(TableUpdate.newBuilder().setSetHiveStorage(hive).build());
        }
        if (!target.getMetadataLocation().isEmpty()
                && !target.getMetadataLocation().equals(current.getMetadataLocation())) {
            updates.add(TableUpdate.newBuilder()
                    .setSetMetadataLocation(target.getMetadataLocation())
                    .build());
        }
        if (!target.getOwner().equals(current.getOwner()) || target.getOwnerType() != current.getOwnerType()) {
            updates.add(TableUpdate.newBuilder()
                    .setSetOwner(
                            SetOwner.newBuilder().setOwner(target.getOwner()).setOwnerType(target.getOwnerType()))
                    .build());
        }
        return updates;
    }

    private static void properties(Map<String, String> before, Map<String, String> after, List<TableUpdate> updates) {
        SetProperties.Builder set = SetProperties.newBuilder();
        after.forEach((key, value) -> {
            if (!value.equals(before.get(key))) {
                set.putProperties(key, value);
            }
        });
        RemoveProperties.Builder remove = RemoveProperties.newBuilder();
        before.keySet().stream().filter(key -> !after.containsKey(key)).sorted().forEach(remove::addKeys);
        if (set.getPropertiesCount() > 0) {
            updates.add(TableUpdate.newBuilder().setSetProperties(set).build());
        }
        if (remove.getKeysCount() > 0) {
            updates.add(TableUpdate.newBuilder().setRemoveProperties(remove).build());
        }
    }

    private static Schema currentSchema(Table table) {
        for (Schema schema : table.getSchemasList()) {
            if (schema.getSchemaId() == table.getCurrentSchemaId()) {
                return schema;
            }
        }
        return Schema.getDefaultInstance();
    }
}
