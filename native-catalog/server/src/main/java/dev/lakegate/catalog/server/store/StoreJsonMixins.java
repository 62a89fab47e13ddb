package dev.lakegate.catalog.server.store;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonSubTypes.Type;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.TableUpdate;

/**
 * How the sealed hierarchies of the model are written: a type name in {@code @type}. The names are
 * part of the stored format, so they are spelled out here rather than taken from class names, and
 * must not change once released.
 */
final class StoreJsonMixins {

    private StoreJsonMixins() {}

    static void register(ObjectMapper mapper) {
        mapper.addMixIn(DataType.class, DataTypeMixin.class);
        mapper.addMixIn(PartitionFilter.class, PartitionFilterMixin.class);
        mapper.addMixIn(TableUpdate.class, TableUpdateMixin.class);
        mapper.addMixIn(EventChange.class, EventChangeMixin.class);
        mapper.addMixIn(ColumnStatistics.Data.class, StatisticsDataMixin.class);
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "@type")
    @JsonSubTypes({
        @Type(value = DataType.Primitive.class, name = "primitive"),
        @Type(value = DataType.Decimal.class, name = "decimal"),
        @Type(value = DataType.Char.class, name = "char"),
        @Type(value = DataType.Varchar.class, name = "varchar"),
        @Type(value = DataType.Fixed.class, name = "fixed"),
        @Type(value = DataType.Struct.class, name = "struct"),
        @Type(value = DataType.ListOf.class, name = "list"),
        @Type(value = DataType.MapOf.class, name = "map"),
        @Type(value = DataType.Union.class, name = "union")
    })
    private interface DataTypeMixin {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "@type")
    @JsonSubTypes({
        @Type(value = PartitionFilter.And.class, name = "and"),
        @Type(value = PartitionFilter.Or.class, name = "or"),
        @Type(value = PartitionFilter.Not.class, name = "not"),
        @Type(value = PartitionFilter.Compare.class, name = "compare"),
        @Type(value = PartitionFilter.In.class, name = "in"),
        @Type(value = PartitionFilter.Between.class, name = "between"),
        @Type(value = PartitionFilter.Like.class, name = "like")
    })
    private interface PartitionFilterMixin {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "@type")
    @JsonSubTypes({
        @Type(value = TableUpdate.SetProperties.class, name = "set-properties"),
        @Type(value = TableUpdate.RemoveProperties.class, name = "remove-properties"),
        @Type(value = TableUpdate.SetLocation.class, name = "set-location"),
        @Type(value = TableUpdate.AddSchema.class, name = "add-schema"),
        @Type(value = TableUpdate.SetCurrentSchema.class, name = "set-current-schema"),
        @Type(value = TableUpdate.AddPartitionSpec.class, name = "add-partition-spec"),
        @Type(value = TableUpdate.SetDefaultSpec.class, name = "set-default-spec"),
        @Type(value = TableUpdate.SetHiveStorage.class, name = "set-hive-storage"),
        @Type(value = TableUpdate.SetMetadataLocation.class, name = "set-metadata-location"),
        @Type(value = TableUpdate.AddSnapshot.class, name = "add-snapshot"),
        @Type(value = TableUpdate.RemoveSnapshots.class, name = "remove-snapshots"),
        @Type(value = TableUpdate.SetRef.class, name = "set-ref"),
        @Type(value = TableUpdate.RemoveRef.class, name = "remove-ref"),
        @Type(value = TableUpdate.Rename.class, name = "rename"),
        @Type(value = TableUpdate.SetOwner.class, name = "set-owner")
    })
    private interface TableUpdateMixin {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "@type")
    @JsonSubTypes({
        @Type(value = EventChange.NamespaceChange.class, name = "namespace"),
        @Type(value = EventChange.TableChange.class, name = "table"),
        @Type(value = EventChange.PartitionsChange.class, name = "partitions"),
        @Type(value = EventChange.StatisticsChange.class, name = "statistics"),
        @Type(value = EventChange.FunctionChange.class, name = "function"),
        @Type(value = EventChange.DataInserted.class, name = "data-inserted"),
        @Type(value = EventChange.AcidTransactionsChange.class, name = "acid-transactions"),
        @Type(value = EventChange.Foreign.class, name = "foreign")
    })
    private interface EventChangeMixin {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "@type")
    @JsonSubTypes({
        @Type(value = ColumnStatistics.BooleanData.class, name = "boolean"),
        @Type(value = ColumnStatistics.LongData.class, name = "long"),
        @Type(value = ColumnStatistics.DoubleData.class, name = "double"),
        @Type(value = ColumnStatistics.DecimalData.class, name = "decimal"),
        @Type(value = ColumnStatistics.StringData.class, name = "string"),
        @Type(value = ColumnStatistics.BinaryData.class, name = "binary"),
        @Type(value = ColumnStatistics.DateData.class, name = "date"),
        @Type(value = ColumnStatistics.TimestampData.class, name = "timestamp"),
        @Type(value = ColumnStatistics.NoData.class, name = "none")
    })
    private interface StatisticsDataMixin {}
}
