package dev.lakegate.translator.mapping;

import static dev.lakegate.translator.mapping.Values.emptyToNull;
import static dev.lakegate.translator.mapping.Values.nullToEmpty;

import dev.lakegate.catalog.v1.Field;
import dev.lakegate.catalog.v1.SerDe;
import dev.lakegate.catalog.v1.SkewedLocation;
import dev.lakegate.catalog.v1.SkewedValues;
import dev.lakegate.catalog.v1.SortColumn;
import dev.lakegate.catalog.v1.StorageFormat;
import dev.lakegate.translator.thrift.WithoutInterning;
import dev.lakegate.translator.types.Columns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Order;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.SerdeType;
import org.apache.hadoop.hive.metastore.api.SkewedInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;

/**
 * The storage descriptor of a table or partition and the native {@link StorageFormat}, which holds
 * all of it but the columns and the location. The HMS side always has every list and map, empty
 * when there is nothing, and a serde and skew info.
 */
public final class StorageMapper {

    private StorageMapper() {}

    public static StorageFormat toNative(StorageDescriptor sd) {
        StorageFormat.Builder storage = StorageFormat.newBuilder()
                .setInputFormat(nullToEmpty(sd.getInputFormat()))
                .setOutputFormat(nullToEmpty(sd.getOutputFormat()))
                .setCompressed(sd.isCompressed())
                .setNumBuckets(sd.getNumBuckets())
                .addAllBucketColumns(Values.list(sd.getBucketCols()))
                .setStoredAsSubDirectories(sd.isStoredAsSubDirectories())
                .putAllParameters(Values.map(sd.getParameters()));
        for (Order order : Values.list(sd.getSortCols())) {
            storage.addSortColumns(SortColumn.newBuilder()
                    .setColumn(nullToEmpty(order.getCol()))
                    .setOrder(order.getOrder()));
        }
        if (sd.getSerdeInfo() != null) {
            storage.setSerde(serde(sd.getSerdeInfo()));
        }
        if (sd.getSkewedInfo() != null) {
            storage.setSkew(skew(sd.getSkewedInfo()));
        }
        return storage.build();
    }

    /** A storage descriptor with these columns and location (null when empty). */
    public static StorageDescriptor fromNative(StorageFormat storage, List<Field> columns, String location) {
        return descriptor(storage, Columns.toFieldSchemas(columns), location);
    }

    /** A storage descriptor with columns already in HMS's form, which it takes as they are. */
    public static StorageDescriptor descriptor(StorageFormat storage, List<FieldSchema> columns, String location) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(columns);
        WithoutInterning.storage(
                sd,
                emptyToNull(location),
                emptyToNull(storage.getInputFormat()),
                emptyToNull(storage.getOutputFormat()));
        sd.setCompressed(storage.getCompressed());
        sd.setNumBuckets(storage.getNumBuckets());
        sd.setSerdeInfo(serde(storage.getSerde()));
        sd.setBucketCols(new ArrayList<>(storage.getBucketColumnsList()));
        List<Order> sortCols = new ArrayList<>();
        for (SortColumn column : storage.getSortColumnsList()) {
            sortCols.add(new Order(column.getColumn(), column.getOrder()));
        }
        sd.setSortCols(sortCols);
        WithoutInterning.parameters(sd, new HashMap<>(storage.getParametersMap()));
        sd.setSkewedInfo(skew(storage.getSkew()));
        sd.setStoredAsSubDirectories(storage.getStoredAsSubDirectories());
        return sd;
    }

    private static SerDe serde(SerDeInfo info) {
        return SerDe.newBuilder()
                .setName(nullToEmpty(info.getName()))
                .setLibrary(nullToEmpty(info.getSerializationLib()))
                .putAllParameters(Values.map(info.getParameters()))
                .setDescription(nullToEmpty(info.getDescription()))
                .setSerializerClass(nullToEmpty(info.getSerializerClass()))
                .setDeserializerClass(nullToEmpty(info.getDeserializerClass()))
                .setSerdeType(
                        info.getSerdeType() == null ? 0 : info.getSerdeType().getValue())
                .build();
    }

    private static SerDeInfo serde(SerDe serde) {
        SerDeInfo info = WithoutInterning.serde(
                emptyToNull(serde.getName()),
                emptyToNull(serde.getLibrary()),
                new HashMap<>(serde.getParametersMap()),
                emptyToNull(serde.getSerializerClass()),
                emptyToNull(serde.getDeserializerClass()));
        info.setDescription(emptyToNull(serde.getDescription()));
        info.setSerdeType(serde.getSerdeType() == 0 ? null : SerdeType.findByValue(serde.getSerdeType()));
        return info;
    }

    private static dev.lakegate.catalog.v1.SkewedInfo skew(SkewedInfo info) {
        dev.lakegate.catalog.v1.SkewedInfo.Builder skew = dev.lakegate.catalog.v1.SkewedInfo.newBuilder()
                .addAllColumnNames(Values.list(info.getSkewedColNames()));
        for (List<String> values : Values.list(info.getSkewedColValues())) {
            skew.addValues(SkewedValues.newBuilder().addAllValues(values));
        }
        for (Map.Entry<List<String>, String> location :
                Values.map(info.getSkewedColValueLocationMaps()).entrySet()) {
            skew.addLocations(
                    SkewedLocation.newBuilder().addAllValues(location.getKey()).setLocation(location.getValue()));
        }
        return skew.build();
    }

    private static SkewedInfo skew(dev.lakegate.catalog.v1.SkewedInfo skew) {
        List<List<String>> values = new ArrayList<>();
        for (SkewedValues value : skew.getValuesList()) {
            values.add(new ArrayList<>(value.getValuesList()));
        }
        Map<List<String>, String> locations = new HashMap<>();
        for (SkewedLocation location : skew.getLocationsList()) {
            locations.put(new ArrayList<>(location.getValuesList()), location.getLocation());
        }
        return new SkewedInfo(new ArrayList<>(skew.getColumnNamesList()), values, locations);
    }
}
