package dev.lakegate.catalog.server.commit;

import dev.lakegate.catalog.server.model.PartitionSpec;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Turns a requested table into the first version the catalog stores. */
public final class NewTable {

    private NewTable() {}

    /**
     * Assigns the id, field ids and partition field ids, fills an empty schema and the unpartitioned
     * spec when none are given, and keeps a create time the caller set (a migration copies it).
     */
    public static Table of(Table requested, UUID id, TableIdentifier identifier, Instant now) {
        Table.Builder table = requested.toBuilder()
                .id(id)
                .identifier(identifier)
                .version(0)
                .updateTime(now)
                .createTime(requested.createTime().equals(Instant.EPOCH) ? now : requested.createTime());
        List<Schema> schemas = requested.schemas().isEmpty() ? List.of(Schema.of(0, List.of())) : requested.schemas();
        FieldIds ids = new FieldIds(FieldIds.highest(schemas));
        List<Schema> assigned = new ArrayList<>();
        for (Schema schema : schemas) {
            assigned.add(ids.assign(schema, Optional.empty()));
        }
        table.schemas(assigned);
        if (requested.schemas().isEmpty()) {
            table.currentSchemaId(0);
        }
        if (requested.partitionSpecs().isEmpty()) {
            table.partitionSpecs(List.of(PartitionSpec.unpartitioned())).defaultSpecId(0);
        } else {
            List<PartitionSpec> specs = new ArrayList<>();
            for (PartitionSpec spec : requested.partitionSpecs()) {
                specs.add(UpdateApplier.assignFieldIds(spec, specs));
            }
            table.partitionSpecs(specs);
        }
        Table built = table.build();
        TableValidator.validate(built, true);
        return built;
    }
}
