package dev.lakegate.enginetests.paimon;

import dev.lakegate.realhms.EngineMetastore;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.DelegateCatalog;
import org.apache.paimon.hive.HiveCatalog;
import org.apache.paimon.options.Options;

/**
 * Paimon's HiveCatalog as a user configures it ({@code metastore=hive}, {@code uri}, {@code warehouse}), pointed
 * at one metastore. Its metastore client is Hive 3.1.3's; the same client (Paimon's own pool) lets a step read
 * what the metastore holds, e.g. the partitions Paimon registered.
 */
final class PaimonHiveCatalog implements AutoCloseable {

    private final Catalog catalog;
    private final HiveCatalog hive;

    private PaimonHiveCatalog(Catalog catalog) {
        this.catalog = catalog;
        this.hive = (HiveCatalog) DelegateCatalog.rootCatalog(catalog);
    }

    /** The catalog with the metastore's own warehouse folder as its warehouse. */
    static PaimonHiveCatalog open(EngineMetastore metastore) {
        return open(metastore, metastore.warehouse().toUri().toString());
    }

    /** The catalog with its warehouse at {@code warehouse}, a URI of any file system Hadoop's client serves. */
    static PaimonHiveCatalog open(EngineMetastore metastore, String warehouse) {
        Options options = Options.fromMap(Map.of(
                "metastore",
                "hive",
                "uri",
                metastore.thriftUri(),
                "warehouse",
                warehouse,
                // Every read goes to the metastore and the files, not to a cache of earlier answers.
                "cache-enabled",
                "false"));
        Configuration hadoop = new Configuration();
        hadoop.set("hive.metastore.uris", metastore.thriftUri());
        return new PaimonHiveCatalog(CatalogFactory.createCatalog(CatalogContext.create(options, hadoop)));
    }

    Catalog catalog() {
        return catalog;
    }

    /** The metastore client of Paimon's catalog, for reading what the metastore holds. */
    IMetaStoreClient metastoreClient() {
        return hive.getHmsClient();
    }

    /** The names of the catalog's databases, as the metastore lists them. */
    List<String> databases() {
        return catalog.listDatabases();
    }

    @Override
    public void close() throws Exception {
        catalog.close();
    }
}
