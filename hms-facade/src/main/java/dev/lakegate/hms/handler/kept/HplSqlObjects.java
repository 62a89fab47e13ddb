package dev.lakegate.hms.handler.kept;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.OpaqueObjectWrite;
import dev.lakegate.hms.handler.catalogs.CatalogDatabases;
import dev.lakegate.hms.handler.kept.KeptObjects.Kept;
import dev.lakegate.translator.error.HplSqlWords;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.Package;
import org.apache.hadoop.hive.metastore.api.StoredProcedure;

/**
 * HPL/SQL's stored procedures and packages as HMS 4.0.1 keeps them: in a database that must exist,
 * names kept and matched as given (case counts), a create of an existing name replacing it, a drop of
 * a missing one no failure. Keys are {@code catalog/database/name}, catalog and database lower-case.
 */
public final class HplSqlObjects {

    static final String PROCEDURES = "hms.stored_procedure";
    static final String PACKAGES = "hms.package";

    private final KeptObjects<StoredProcedure> procedures = new KeptObjects<>(PROCEDURES, StoredProcedure::new);
    private final KeptObjects<Package> packages = new KeptObjects<>(PACKAGES, Package::new);

    public void putProcedure(CatalogClient client, StoredProcedure requested) {
        StoredProcedure procedure = requested.deepCopy();
        procedure.setCatName(existingDatabase(client, requested.getCatName(), requested.getDbName()));
        procedure.setDbName(HiveNames.normalize(requested.getDbName()));
        KeptObjects.write(
                client,
                procedures.createOrReplace(
                        key(procedure.getCatName(), procedure.getDbName(), procedure.getName()), procedure));
    }

    public StoredProcedure procedure(CatalogClient client, String catalog, String database, String name) {
        return procedures
                .find(client, key(catalog, database, name))
                .map(Kept::value)
                .orElseThrow(() -> HplSqlWords.noProcedure(database, name));
    }

    public void dropProcedure(CatalogClient client, String catalog, String database, String name) {
        String key = key(catalog, database, name);
        procedures
                .find(client, key)
                .ifPresent(found -> KeptObjects.write(client, procedures.delete(key, found.version())));
    }

    /** Names of the catalog's procedures, of one database if one is given. */
    public List<String> procedureNames(CatalogClient client, String catalog, Optional<String> database) {
        return procedures.list(client, prefix(catalog, database)).stream()
                .map(kept -> kept.value().getName())
                .toList();
    }

    public void putPackage(CatalogClient client, Package requested) {
        Package pack = requested.deepCopy();
        pack.setCatName(existingDatabase(client, requested.getCatName(), requested.getDbName()));
        pack.setDbName(HiveNames.normalize(requested.getDbName()));
        KeptObjects.write(
                client,
                packages.createOrReplace(key(pack.getCatName(), pack.getDbName(), pack.getPackageName()), pack));
    }

    public Package pack(CatalogClient client, String catalog, String database, String name) {
        return packages.find(client, key(catalog, database, name))
                .map(Kept::value)
                .orElseThrow(() -> HplSqlWords.noPackage(database, name));
    }

    public void dropPackage(CatalogClient client, String catalog, String database, String name) {
        String key = key(catalog, database, name);
        packages.find(client, key).ifPresent(found -> KeptObjects.write(client, packages.delete(key, found.version())));
    }

    public List<String> packageNames(CatalogClient client, String catalog, Optional<String> database) {
        return packages.list(client, prefix(catalog, database)).stream()
                .map(kept -> kept.value().getPackageName())
                .toList();
    }

    /** What stops a drop of the database without cascade, as HMS checks it after its tables and functions. */
    public Optional<String> heldBy(CatalogClient client, String catalog, String database) {
        String prefix = prefix(catalog, Optional.of(database));
        if (!procedures.keys(client, prefix).isEmpty()) {
            return Optional.of("stored procedures");
        }
        return packages.keys(client, prefix).isEmpty() ? Optional.empty() : Optional.of("packages");
    }

    /** Deletes the database's procedures and packages, all in one batch (a cascade drop of the database). */
    public void dropAllOf(CatalogClient client, String catalog, String database) {
        String prefix = prefix(catalog, Optional.of(database));
        List<OpaqueObjectWrite> writes = new ArrayList<>();
        procedures
                .list(client, prefix)
                .forEach(kept -> writes.add(
                        procedures.delete(key(catalog, database, kept.value().getName()), kept.version())));
        packages.list(client, prefix)
                .forEach(kept -> writes.add(
                        packages.delete(key(catalog, database, kept.value().getPackageName()), kept.version())));
        if (!writes.isEmpty()) {
            KeptObjects.write(client, writes.toArray(OpaqueObjectWrite[]::new));
        }
    }

    private static String existingDatabase(CatalogClient client, String catalogName, String database) {
        String catalog = CatalogDatabases.catalogOf(catalogName);
        if (CatalogDatabases.find(client, catalog, database).isEmpty()) {
            throw HplSqlWords.noDatabase(catalog, database == null ? null : HiveNames.normalize(database));
        }
        return catalog;
    }

    private static String prefix(String catalog, Optional<String> database) {
        return CatalogDatabases.catalogOf(catalog) + "/"
                + database.map(db -> HiveNames.normalize(db) + "/").orElse("");
    }

    private static String key(String catalog, String database, String name) {
        return prefix(catalog, Optional.of(database)) + name;
    }
}
