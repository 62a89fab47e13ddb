package dev.lakegate.translator.mapping;

import static dev.lakegate.translator.mapping.Values.emptyToNull;
import static dev.lakegate.translator.mapping.Values.nullToEmpty;

import dev.lakegate.translator.names.HiveNames;
import org.apache.hadoop.hive.metastore.api.Catalog;

/**
 * HMS catalogs and native catalogs. The native default catalog keeps no location (its namespaces live
 * under the gateway's warehouse), so the gateway's warehouse stands in for it, as HMS's default
 * catalog has the warehouse for its location.
 */
public final class CatalogMapper {

    private CatalogMapper() {}

    public static dev.lakegate.catalog.v1.Catalog toNative(Catalog catalog) {
        return dev.lakegate.catalog.v1.Catalog.newBuilder()
                .setName(nullToEmpty(HiveNames.normalize(catalog.getName())))
                .setDescription(nullToEmpty(catalog.getDescription()))
                .setLocation(nullToEmpty(catalog.getLocationUri()))
                .build();
    }

    public static Catalog fromNative(dev.lakegate.catalog.v1.Catalog catalog, String warehouse) {
        Catalog hms =
                new Catalog(catalog.getName(), catalog.getLocation().isEmpty() ? warehouse : catalog.getLocation());
        hms.setDescription(emptyToNull(catalog.getDescription()));
        hms.setCreateTime(Values.seconds(catalog.getCreateTime()));
        return hms;
    }
}
