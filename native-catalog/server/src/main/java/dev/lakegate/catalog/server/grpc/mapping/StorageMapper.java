package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.HiveStorage;
import dev.lakegate.catalog.server.model.HiveTableKind;
import dev.lakegate.catalog.server.model.SerDe;
import dev.lakegate.catalog.server.model.SkewedInfo;
import dev.lakegate.catalog.server.model.SortColumn;
import dev.lakegate.catalog.server.model.StorageFormat;
import dev.lakegate.catalog.server.model.ViewSources;
import dev.lakegate.catalog.server.model.WrittenColumn;
import dev.lakegate.catalog.v1.SkewedLocation;
import dev.lakegate.catalog.v1.SkewedValues;
import java.util.List;
import java.util.Optional;

/** The Hive storage extension of tables and the storage descriptor of tables and partitions. */
public final class StorageMapper {

    private StorageMapper() {}

    public static dev.lakegate.catalog.v1.HiveStorage toProto(HiveStorage hive) {
        var proto = dev.lakegate.catalog.v1.HiveStorage.newBuilder()
                .setKind(EnumMapper.toProto(hive.kind(), dev.lakegate.catalog.v1.HiveTableKind.class))
                .setStorage(toProto(hive.storage()))
                .setViewOriginalText(hive.viewOriginalText())
                .setViewExpandedText(hive.viewExpandedText())
                .setRetention(hive.retention())
                .setLastAccessTime(ValueMapper.toProto(hive.lastAccessTime()))
                .setTemporary(hive.temporary())
                .setRewriteEnabled(hive.rewriteEnabled())
                .addAllWrittenColumns(hive.writtenColumns().stream()
                        .map(c -> dev.lakegate.catalog.v1.WrittenColumn.newBuilder()
                                .setName(c.name())
                                .setType(c.type())
                                .setComment(c.comment())
                                .build())
                        .toList());
        hive.viewSources()
                .ifPresent(sources -> proto.setViewSources(dev.lakegate.catalog.v1.ViewSources.newBuilder()
                        .addAllTables(sources.tables())
                        .setSnapshot(sources.snapshot())
                        .setMaterializedAt(ValueMapper.toProto(sources.materializedAt()))));
        return proto.build();
    }

    public static HiveStorage toDomain(dev.lakegate.catalog.v1.HiveStorage hive, FieldPath path) {
        return new HiveStorage(
                EnumMapper.toDomain(hive.getKind(), HiveTableKind.class, path.field("kind")),
                toDomain(hive.getStorage()),
                hive.getViewOriginalText(),
                hive.getViewExpandedText(),
                hive.getRetention(),
                ValueMapper.toInstant(hive.getLastAccessTime(), path.field("last_access_time")),
                hive.getTemporary(),
                hive.getRewriteEnabled(),
                hive.getWrittenColumnsList().stream()
                        .map(c -> new WrittenColumn(c.getName(), c.getType(), c.getComment()))
                        .toList(),
                hive.hasViewSources()
                        ? Optional.of(new ViewSources(
                                hive.getViewSources().getTablesList(),
                                hive.getViewSources().getSnapshot(),
                                ValueMapper.toInstant(
                                        hive.getViewSources().getMaterializedAt(),
                                        path.field("view_sources").field("materialized_at"))))
                        : Optional.empty());
    }

    public static dev.lakegate.catalog.v1.StorageFormat toProto(StorageFormat storage) {
        var proto = dev.lakegate.catalog.v1.StorageFormat.newBuilder()
                .setInputFormat(storage.inputFormat())
                .setOutputFormat(storage.outputFormat())
                .setCompressed(storage.compressed())
                .setNumBuckets(storage.numBuckets())
                .addAllBucketColumns(storage.bucketColumns())
                .setSerde(toProto(storage.serde()))
                .setSkew(toProto(storage.skew()))
                .setStoredAsSubDirectories(storage.storedAsSubDirectories())
                .putAllParameters(storage.parameters());
        for (SortColumn column : storage.sortColumns()) {
            proto.addSortColumns(dev.lakegate.catalog.v1.SortColumn.newBuilder()
                    .setColumn(column.column())
                    .setOrder(column.order()));
        }
        return proto.build();
    }

    /** An absent storage message reads as an empty descriptor (proto3 defaults), never as an error. */
    public static StorageFormat toDomain(dev.lakegate.catalog.v1.StorageFormat storage) {
        return new StorageFormat(
                storage.getInputFormat(),
                storage.getOutputFormat(),
                storage.getCompressed(),
                storage.getNumBuckets(),
                storage.getBucketColumnsList(),
                storage.getSortColumnsList().stream()
                        .map(column -> new SortColumn(column.getColumn(), column.getOrder()))
                        .toList(),
                toDomain(storage.getSerde()),
                toDomain(storage.getSkew()),
                storage.getStoredAsSubDirectories(),
                storage.getParametersMap());
    }

    private static dev.lakegate.catalog.v1.SerDe toProto(SerDe serde) {
        return dev.lakegate.catalog.v1.SerDe.newBuilder()
                .setName(serde.name())
                .setLibrary(serde.library())
                .putAllParameters(serde.parameters())
                .setDescription(serde.description())
                .setSerializerClass(serde.serializerClass())
                .setDeserializerClass(serde.deserializerClass())
                .setSerdeType(serde.serdeType())
                .build();
    }

    private static SerDe toDomain(dev.lakegate.catalog.v1.SerDe serde) {
        return new SerDe(
                serde.getName(),
                serde.getLibrary(),
                serde.getParametersMap(),
                serde.getDescription(),
                serde.getSerializerClass(),
                serde.getDeserializerClass(),
                serde.getSerdeType());
    }

    private static dev.lakegate.catalog.v1.SkewedInfo toProto(SkewedInfo skew) {
        var proto = dev.lakegate.catalog.v1.SkewedInfo.newBuilder().addAllColumnNames(skew.columnNames());
        for (List<String> values : skew.values()) {
            proto.addValues(SkewedValues.newBuilder().addAllValues(values));
        }
        for (SkewedInfo.SkewedLocation location : skew.locations()) {
            proto.addLocations(
                    SkewedLocation.newBuilder().addAllValues(location.values()).setLocation(location.location()));
        }
        return proto.build();
    }

    private static SkewedInfo toDomain(dev.lakegate.catalog.v1.SkewedInfo skew) {
        return new SkewedInfo(
                skew.getColumnNamesList(),
                skew.getValuesList().stream()
                        .map(values -> (List<String>) values.getValuesList())
                        .toList(),
                skew.getLocationsList().stream()
                        .map(location ->
                                new SkewedInfo.SkewedLocation(location.getValuesList(), location.getLocation()))
                        .toList());
    }
}
