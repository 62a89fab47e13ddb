package dev.lakegate.hms.handler.kept;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.catalogs.CatalogDatabases;
import dev.lakegate.hms.handler.kept.KeptObjects.Kept;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.names.HiveNames;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.FindSchemasByColsRqst;
import org.apache.hadoop.hive.metastore.api.ISchema;
import org.apache.hadoop.hive.metastore.api.ISchemaName;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.SchemaVersion;
import org.apache.hadoop.hive.metastore.api.SchemaVersionDescriptor;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;

/**
 * HMS's schema registry as HMS keeps it: schemas of a database that must exist, names lower-case;
 * numbered versions of a schema that must exist, each number once; SerDes by name. A schema with a
 * version cannot be dropped. Keys: {@code catalog/database/schema} for schemas, the same with a
 * ten-digit version for versions (so a schema's versions list in number order), the name for SerDes.
 */
public final class SchemaRegistry {

    private final KeptObjects<ISchema> schemas = new KeptObjects<>("hms.ischema", ISchema::new);
    private final KeptObjects<SchemaVersion> versions = new KeptObjects<>("hms.schema_version", SchemaVersion::new);
    private final KeptObjects<SerDeInfo> serdes = new KeptObjects<>("hms.serde", SerDeInfo::new);

    public void createSchema(CatalogClient client, ISchema requested) {
        ISchema schema = requested.deepCopy();
        schema.setCatName(CatalogDatabases.catalogOf(requested.getCatName()));
        schema.setDbName(HiveNames.normalize(requested.getDbName()));
        schema.setName(HiveNames.normalize(requested.getName()));
        if (CatalogDatabases.find(client, schema.getCatName(), schema.getDbName())
                .isEmpty()) {
            // HMS answers NoSuchObjectException, which Hive 3.1's create_ischema declares without a field id:
            // a 3.1 client would skip it and take the failed create for a success. Every release reads this.
            throw HmsFailure.meta("There is no database " + schema.getCatName() + "." + schema.getDbName());
        }
        CatalogFailures.rewording(
                () -> {
                    KeptObjects.write(client, schemas.create(key(name(schema)), schema));
                    return null;
                },
                failure -> HmsFailure.of(
                        "Schema with name " + schema.getDbName() + "." + schema.getName() + " already exists",
                        AlreadyExistsException.class,
                        MetaException.class),
                ErrorReason.OPAQUE_OBJECT_ALREADY_EXISTS);
    }

    public void alterSchema(CatalogClient client, ISchemaName name, ISchema requested) {
        Kept<ISchema> current =
                schemas.find(client, key(name)).orElseThrow(() -> noSuch("Could not find schema " + name));
        ISchema altered = requested.deepCopy();
        // The name stays: a schema is renamed by no call.
        altered.setCatName(current.value().getCatName());
        altered.setDbName(current.value().getDbName());
        altered.setName(current.value().getName());
        KeptObjects.write(client, schemas.replace(key(name), altered, current.version()));
    }

    public ISchema schema(CatalogClient client, ISchemaName name) {
        return schemas.find(client, key(name))
                .map(Kept::value)
                .orElseThrow(() -> noSuch("No schema named " + name + " exists"));
    }

    public void dropSchema(CatalogClient client, ISchemaName name) {
        if (!versions.keys(client, key(name) + "/").isEmpty()) {
            throw HmsFailure.of(
                    "Schema " + name + " cannot be dropped, it has at least one valid version",
                    InvalidOperationException.class,
                    MetaException.class);
        }
        Kept<ISchema> current =
                schemas.find(client, key(name)).orElseThrow(() -> noSuch("Schema " + name + " does not exist"));
        KeptObjects.write(client, schemas.delete(key(name), current.version()));
    }

    public void addVersion(CatalogClient client, SchemaVersion requested) {
        ISchemaName name = requested.getSchema();
        if (schemas.find(client, key(name)).isEmpty()) {
            throw noSuch("No schema named " + name);
        }
        SchemaVersion version = requested.deepCopy();
        version.setSchema(normal(name));
        CatalogFailures.rewording(
                () -> {
                    KeptObjects.write(client, versions.create(key(name, requested.getVersion()), version));
                    return null;
                },
                failure -> HmsFailure.of(
                        "Schema name " + name + " version " + requested.getVersion() + " already exists",
                        AlreadyExistsException.class,
                        MetaException.class),
                ErrorReason.OPAQUE_OBJECT_ALREADY_EXISTS);
    }

    public SchemaVersion version(CatalogClient client, SchemaVersionDescriptor descriptor) {
        return existingVersion(client, descriptor, "No schema version " + descriptor + "exists")
                .value();
    }

    public SchemaVersion latest(CatalogClient client, ISchemaName name) {
        return all(client, name).get(0);
    }

    /** Every version of the schema, highest number first; none is a failure, as in HMS. */
    public List<SchemaVersion> all(CatalogClient client, ISchemaName name) {
        List<SchemaVersion> all = versions.list(client, key(name) + "/").stream()
                .map(Kept::value)
                .sorted(Comparator.comparingInt(SchemaVersion::getVersion).reversed())
                .toList();
        if (all.isEmpty()) {
            // HMS writes no space before "exist".
            throw noSuch("No versions of schema " + name + "exist");
        }
        return all;
    }

    public void dropVersion(CatalogClient client, SchemaVersionDescriptor descriptor) {
        Kept<SchemaVersion> current = existingVersion(client, descriptor, "No schema version " + descriptor);
        KeptObjects.write(client, versions.delete(key(descriptor), current.version()));
    }

    /** The versions with a column of that name, comment (HMS's "namespace") and type, those given. */
    public List<SchemaVersionDescriptor> byColumns(CatalogClient client, FindSchemasByColsRqst request) {
        if (request.getColName() == null && request.getColNamespace() == null) {
            throw HmsFailure.meta("You must specify column name or column namespace, else your query may be too large");
        }
        return versions.list(client, "").stream()
                .map(Kept::value)
                .filter(version -> version.getCols().stream().anyMatch(column -> matches(column, request)))
                .map(version -> new SchemaVersionDescriptor(version.getSchema(), version.getVersion()))
                .toList();
    }

    public void changeVersion(
            CatalogClient client, SchemaVersionDescriptor descriptor, UnaryOperator<SchemaVersion> change) {
        Kept<SchemaVersion> current = existingVersion(client, descriptor, "No schema version " + descriptor);
        KeptObjects.write(
                client,
                versions.replace(key(descriptor), change.apply(current.value().deepCopy()), current.version()));
    }

    public SerDeInfo existingSerde(CatalogClient client, String name, String missing) {
        return serdes.find(client, name).map(Kept::value).orElseThrow(() -> noSuch(missing));
    }

    public void addSerde(CatalogClient client, SerDeInfo serde) {
        CatalogFailures.rewording(
                () -> {
                    KeptObjects.write(client, serdes.create(serde.getName(), serde));
                    return null;
                },
                failure -> HmsFailure.of(
                        "Serde with name " + serde.getName() + " already exists",
                        AlreadyExistsException.class,
                        MetaException.class),
                ErrorReason.OPAQUE_OBJECT_ALREADY_EXISTS);
    }

    private Kept<SchemaVersion> existingVersion(
            CatalogClient client, SchemaVersionDescriptor descriptor, String missing) {
        return versions.find(client, key(descriptor)).orElseThrow(() -> noSuch(missing));
    }

    private static boolean matches(FieldSchema column, FindSchemasByColsRqst request) {
        return (request.getColName() == null || request.getColName().equalsIgnoreCase(column.getName()))
                && (request.getColNamespace() == null
                        || request.getColNamespace().equals(column.getComment()))
                && (request.getType() == null || request.getType().equalsIgnoreCase(column.getType()));
    }

    private static HmsFailure noSuch(String message) {
        return HmsFailure.of(message, NoSuchObjectException.class, MetaException.class);
    }

    private static ISchemaName name(ISchema schema) {
        return new ISchemaName(schema.getCatName(), schema.getDbName(), schema.getName());
    }

    private static ISchemaName normal(ISchemaName name) {
        return new ISchemaName(
                CatalogDatabases.catalogOf(name.getCatName()),
                HiveNames.normalize(name.getDbName()),
                HiveNames.normalize(name.getSchemaName()));
    }

    private static String key(ISchemaName name) {
        ISchemaName normal = normal(name);
        return normal.getCatName() + "/" + normal.getDbName() + "/" + normal.getSchemaName();
    }

    private static String key(ISchemaName name, int version) {
        return key(name) + "/" + String.format(Locale.ROOT, "%010d", version);
    }

    private static String key(SchemaVersionDescriptor descriptor) {
        return key(descriptor.getSchema(), descriptor.getVersion());
    }
}
