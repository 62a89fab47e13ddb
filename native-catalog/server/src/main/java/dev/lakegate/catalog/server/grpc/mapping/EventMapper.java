package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.v1.FunctionChange;
import dev.lakegate.catalog.v1.ListEventsRequest;
import dev.lakegate.catalog.v1.NamespaceChange;
import dev.lakegate.catalog.v1.PartitionsChange;
import dev.lakegate.catalog.v1.StatisticsChange;
import dev.lakegate.catalog.v1.TableChange;
import dev.lakegate.catalog.v1.WatchEventsRequest;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/** Events with every kind of change, and the queries that select them. */
public final class EventMapper {

    private EventMapper() {}

    public static dev.lakegate.catalog.v1.Event toProto(Event event) {
        var proto = dev.lakegate.catalog.v1.Event.newBuilder()
                .setId(event.id())
                .setTime(ValueMapper.toProto(event.time()))
                .setPrincipal(event.principal())
                .setType(toProto(event.type()))
                .setCatalog(event.catalog())
                .setNamespace(event.namespace())
                .setTable(event.table())
                .setRequestId(event.requestId());
        EventChange change = event.change();
        if (change instanceof EventChange.NamespaceChange namespace) {
            var changeProto = NamespaceChange.newBuilder();
            namespace.before().map(NamespaceMapper::toProto).ifPresent(changeProto::setBefore);
            namespace.after().map(NamespaceMapper::toProto).ifPresent(changeProto::setAfter);
            proto.setNamespaceChange(changeProto);
        } else if (change instanceof EventChange.TableChange table) {
            var changeProto = TableChange.newBuilder()
                    .addAllUpdates(
                            table.updates().stream().map(CommitMapper::toProto).toList());
            table.before().map(TableMapper::toProto).ifPresent(changeProto::setBefore);
            table.after().map(TableMapper::toProto).ifPresent(changeProto::setAfter);
            proto.setTableChange(changeProto);
        } else if (change instanceof EventChange.PartitionsChange partitions) {
            List<PartitionKey> keys = partitions.table().partitionKeys();
            proto.setPartitionsChange(PartitionsChange.newBuilder()
                    .setTable(TableMapper.toProto(partitions.table()))
                    .addAllBefore(PartitionMapper.toProto(partitions.before(), keys))
                    .addAllAfter(PartitionMapper.toProto(partitions.after(), keys)));
        } else if (change instanceof EventChange.StatisticsChange statistics) {
            proto.setStatisticsChange(StatisticsChange.newBuilder()
                    .setTarget(StatisticsMapper.toProto(statistics.target()))
                    .addAllStatistics(statistics.statistics().stream()
                            .map(StatisticsMapper::toProto)
                            .toList())
                    .addAllDeletedColumns(statistics.deletedColumns()));
        } else if (change instanceof EventChange.FunctionChange function) {
            var changeProto = FunctionChange.newBuilder();
            function.before().map(FunctionMapper::toProto).ifPresent(changeProto::setBefore);
            function.after().map(FunctionMapper::toProto).ifPresent(changeProto::setAfter);
            proto.setFunctionChange(changeProto);
        } else if (change instanceof EventChange.DataInserted inserted) {
            var changeProto = dev.lakegate.catalog.v1.DataInserted.newBuilder()
                    .setTable(TableMapper.toProto(inserted.table()))
                    .setReplace(inserted.replace())
                    .addAllFiles(inserted.files().stream()
                            .map(file -> dev.lakegate.catalog.v1.InsertedFile.newBuilder()
                                    .setPath(file.path())
                                    .setChecksum(file.checksum())
                                    .setSubDirectory(file.subDirectory())
                                    .build())
                            .toList());
            inserted.partition()
                    .ifPresent(partition -> changeProto.setPartition(
                            PartitionMapper.toProto(partition, inserted.table().partitionKeys())));
            proto.setDataInserted(changeProto);
        } else if (change instanceof EventChange.AcidTransactionsChange transactions) {
            proto.setAcidTransactionsChange(dev.lakegate.catalog.v1.AcidTransactionsChange.newBuilder()
                    .addAllTransactionIds(transactions.transactionIds())
                    .addAllWriteIds(transactions.writeIds()));
        } else if (change instanceof EventChange.Foreign foreign) {
            proto.setForeignEvent(ForeignEventMapper.toProto(event, foreign));
        } else {
            throw new IllegalStateException("unmapped event change " + change);
        }
        return proto.build();
    }

    public static Event toDomain(dev.lakegate.catalog.v1.Event event, FieldPath path) {
        return new Event(
                event.getId(),
                ValueMapper.toInstant(event.getTime(), path.field("time")),
                event.getPrincipal(),
                toDomain(event.getType(), path.field("type")),
                event.getNamespace(),
                event.getTable(),
                event.getRequestId(),
                change(event, path),
                event.getCatalog());
    }

    private static EventChange change(dev.lakegate.catalog.v1.Event event, FieldPath path) {
        return switch (event.getChangeCase()) {
            case NAMESPACE_CHANGE -> {
                NamespaceChange change = event.getNamespaceChange();
                FieldPath at = path.field("namespace_change");
                yield new EventChange.NamespaceChange(
                        optional(change.hasBefore(), change.getBefore(), at.field("before"), NamespaceMapper::toDomain),
                        optional(change.hasAfter(), change.getAfter(), at.field("after"), NamespaceMapper::toDomain));
            }
            case TABLE_CHANGE -> {
                TableChange change = event.getTableChange();
                FieldPath at = path.field("table_change");
                yield new EventChange.TableChange(
                        optional(change.hasBefore(), change.getBefore(), at.field("before"), TableMapper::toDomain),
                        optional(change.hasAfter(), change.getAfter(), at.field("after"), TableMapper::toDomain),
                        at.field("updates").mapEach(change.getUpdatesList(), CommitMapper::toDomain));
            }
            case PARTITIONS_CHANGE -> {
                PartitionsChange change = event.getPartitionsChange();
                FieldPath at = path.field("partitions_change");
                Table table = TableMapper.toDomain(change.getTable(), at.field("table"));
                List<Partition> before = at.field("before").mapEach(change.getBeforeList(), PartitionMapper::toDomain);
                List<Partition> after = at.field("after").mapEach(change.getAfterList(), PartitionMapper::toDomain);
                yield new EventChange.PartitionsChange(table, before, after);
            }
            case STATISTICS_CHANGE -> {
                StatisticsChange change = event.getStatisticsChange();
                yield new EventChange.StatisticsChange(
                        StatisticsMapper.toDomain(change.getTarget()),
                        path.field("statistics_change")
                                .field("statistics")
                                .mapEach(change.getStatisticsList(), StatisticsMapper::toDomain),
                        change.getDeletedColumnsList());
            }
            case FUNCTION_CHANGE -> {
                FunctionChange change = event.getFunctionChange();
                FieldPath at = path.field("function_change");
                yield new EventChange.FunctionChange(
                        optional(change.hasBefore(), change.getBefore(), at.field("before"), FunctionMapper::toDomain),
                        optional(change.hasAfter(), change.getAfter(), at.field("after"), FunctionMapper::toDomain));
            }
            case DATA_INSERTED -> {
                dev.lakegate.catalog.v1.DataInserted change = event.getDataInserted();
                FieldPath at = path.field("data_inserted");
                Table table = TableMapper.toDomain(change.getTable(), at.field("table"));
                yield new EventChange.DataInserted(
                        table,
                        change.hasPartition()
                                ? Optional.of(PartitionMapper.toDomain(change.getPartition(), at.field("partition")))
                                : Optional.empty(),
                        change.getReplace(),
                        change.getFilesList().stream()
                                .map(file -> new dev.lakegate.catalog.server.model.InsertedFile(
                                        file.getPath(), file.getChecksum(), file.getSubDirectory()))
                                .toList());
            }
            case ACID_TRANSACTIONS_CHANGE ->
                new EventChange.AcidTransactionsChange(
                        event.getAcidTransactionsChange().getTransactionIdsList(),
                        event.getAcidTransactionsChange().getWriteIdsList());
            case FOREIGN_EVENT -> ForeignEventMapper.change(event.getForeignEvent(), path.field("foreign_event"));
            case CHANGE_NOT_SET -> throw path.field("change").invalid("unknown change");
        };
    }

    public static dev.lakegate.catalog.v1.EventType toProto(EventType type) {
        return EnumMapper.toProto(type, dev.lakegate.catalog.v1.EventType.class);
    }

    public static EventType toDomain(dev.lakegate.catalog.v1.EventType type, FieldPath path) {
        return EnumMapper.toDomain(type, EventType.class, path);
    }

    /** The page size passes through as the limit: the catalog applies its default and maximum. */
    public static EventQuery toDomain(ListEventsRequest request) {
        return new EventQuery(
                request.getAfterId(),
                request.getPageSize(),
                types(request.getTypesList()),
                request.getNamespace(),
                request.getTable(),
                request.getCatalog());
    }

    /** A watch reads the log in pages of {@code pageSize}, starting after the request's id. */
    public static EventQuery toDomain(WatchEventsRequest request, int pageSize) {
        return new EventQuery(
                request.getAfterId(),
                pageSize,
                types(request.getTypesList()),
                request.getNamespace(),
                request.getTable(),
                request.getCatalog());
    }

    public static ListEventsRequest toProto(EventQuery query) {
        return ListEventsRequest.newBuilder()
                .setAfterId(query.afterId())
                .setPageSize(query.limit())
                .addAllTypes(query.types().stream()
                        .map(EventMapper::toProto)
                        .sorted()
                        .toList())
                .setCatalog(query.catalog())
                .setNamespace(query.namespace())
                .setTable(query.table())
                .build();
    }

    private static Set<EventType> types(List<dev.lakegate.catalog.v1.EventType> types) {
        return Set.copyOf(FieldPath.root("types").mapEach(types, EventMapper::toDomain));
    }

    private static <P, D> Optional<D> optional(
            boolean present, P value, FieldPath path, BiFunction<P, FieldPath, D> mapper) {
        return present ? Optional.of(mapper.apply(value, path)) : Optional.empty();
    }
}
