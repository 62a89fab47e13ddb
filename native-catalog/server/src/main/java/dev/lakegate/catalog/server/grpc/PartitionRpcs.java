package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.PartitionFilterMapper;
import dev.lakegate.catalog.server.grpc.mapping.PartitionMapper;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.Page;
import dev.lakegate.catalog.server.service.PartitionMove;
import dev.lakegate.catalog.server.service.TableView;
import dev.lakegate.catalog.v1.AddPartitionsRequest;
import dev.lakegate.catalog.v1.AddPartitionsResponse;
import dev.lakegate.catalog.v1.BatchGetPartitionsRequest;
import dev.lakegate.catalog.v1.BatchGetPartitionsResponse;
import dev.lakegate.catalog.v1.CountPartitionsRequest;
import dev.lakegate.catalog.v1.CountPartitionsResponse;
import dev.lakegate.catalog.v1.DeletePartitionsRequest;
import dev.lakegate.catalog.v1.DeletePartitionsResponse;
import dev.lakegate.catalog.v1.GetPartitionRequest;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.MovePartitionsRequest;
import dev.lakegate.catalog.v1.MovePartitionsResponse;
import dev.lakegate.catalog.v1.PartitionValues;
import dev.lakegate.catalog.v1.PartitionView;
import dev.lakegate.catalog.v1.UpdatePartitionsRequest;
import dev.lakegate.catalog.v1.UpdatePartitionsResponse;
import java.util.List;
import java.util.Optional;

/**
 * The partition RPCs. A partition's name ({@code k1=v1/k2=v2}) depends on the table's keys, which
 * the domain partition does not carry: each call that returns partitions reads the table once more
 * (BASIC view) to name them.
 */
final class PartitionRpcs {

    private final Catalog catalog;

    PartitionRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    AddPartitionsResponse add(AddPartitionsRequest request) {
        TableIdentifier table = TableMapper.toDomain(request.getTable());
        List<Partition> added = catalog.addPartitions(
                table,
                PartitionMapper.toDomain(request.getPartitionsList(), FieldPath.root("partitions")),
                request.getIfNotExists(),
                UnaryCall.context(request.getRequestId()));
        // Echoing 10,000 whole partitions back costs more than adding them; most callers need names.
        List<Partition> reply = request.getReturnPartitions()
                ? added
                : added.stream()
                        .map(partition -> Partition.valuesOnly(partition.values()))
                        .toList();
        return AddPartitionsResponse.newBuilder()
                .addAllPartitions(named(table, reply))
                .build();
    }

    dev.lakegate.catalog.v1.Partition get(GetPartitionRequest request) {
        TableIdentifier table = TableMapper.toDomain(request.getTable());
        return named(table, List.of(catalog.getPartition(table, request.getValuesList())))
                .get(0);
    }

    BatchGetPartitionsResponse batchGet(BatchGetPartitionsRequest request) {
        TableIdentifier table = TableMapper.toDomain(request.getTable());
        List<Partition> found = catalog.batchGetPartitions(
                table,
                values(request.getPartitionsList()),
                PartitionMapper.valuesOnly(request.getView(), FieldPath.root("view")));
        return BatchGetPartitionsResponse.newBuilder()
                .addAllPartitions(named(table, found))
                .build();
    }

    ListPartitionsResponse list(ListPartitionsRequest request) {
        TableIdentifier table = TableMapper.toDomain(request.getTable());
        if (request.getView() == PartitionView.PARTITION_VIEW_NAME_ONLY) {
            Page<String> names = catalog.listPartitionNames(
                    table,
                    filter(request.hasFilter(), request.getFilter()),
                    request.getValuesPrefixList(),
                    UnaryCall.page(request.getPageSize(), request.getPageToken()));
            ListPartitionsResponse.Builder response =
                    ListPartitionsResponse.newBuilder().setNextPageToken(names.nextPageToken());
            names.items().forEach(name -> response.addPartitionsBuilder().setName(name));
            return response.build();
        }
        Page<Partition> page = catalog.listPartitions(
                table,
                filter(request.hasFilter(), request.getFilter()),
                request.getValuesPrefixList(),
                UnaryCall.page(request.getPageSize(), request.getPageToken()),
                PartitionMapper.valuesOnly(request.getView(), FieldPath.root("view")));
        return ListPartitionsResponse.newBuilder()
                .addAllPartitions(named(table, page.items()))
                .setNextPageToken(page.nextPageToken())
                .build();
    }

    CountPartitionsResponse count(CountPartitionsRequest request) {
        long count = catalog.countPartitions(
                TableMapper.toDomain(request.getTable()), filter(request.hasFilter(), request.getFilter()));
        return CountPartitionsResponse.newBuilder().setCount(count).build();
    }

    UpdatePartitionsResponse update(UpdatePartitionsRequest request) {
        TableIdentifier table = TableMapper.toDomain(request.getTable());
        List<Partition> updated = catalog.updatePartitions(
                table,
                FieldPath.root("updates").mapEach(request.getUpdatesList(), PartitionMapper::toDomain),
                UnaryCall.context(request.getRequestId()));
        return UpdatePartitionsResponse.newBuilder()
                .addAllPartitions(named(table, updated))
                .build();
    }

    DeletePartitionsResponse delete(DeletePartitionsRequest request) {
        TableIdentifier table = TableMapper.toDomain(request.getTable());
        List<Partition> deleted = catalog.deletePartitions(
                table,
                values(request.getPartitionsList()),
                request.getIfExists(),
                UnaryCall.context(request.getRequestId()));
        return DeletePartitionsResponse.newBuilder()
                .addAllPartitions(named(table, deleted))
                .build();
    }

    MovePartitionsResponse move(MovePartitionsRequest request) {
        TableIdentifier destination = TableMapper.toDomain(request.getDestination());
        List<PartitionMove> moves = request.getPartitionsList().stream()
                .map(move -> new PartitionMove(move.getValuesList(), move.getLocation()))
                .toList();
        List<Partition> moved = catalog.movePartitions(
                TableMapper.toDomain(request.getSource()),
                destination,
                moves,
                UnaryCall.context(request.getRequestId()));
        return MovePartitionsResponse.newBuilder()
                .addAllPartitions(named(destination, moved))
                .build();
    }

    private List<dev.lakegate.catalog.v1.Partition> named(TableIdentifier table, List<Partition> partitions) {
        return PartitionMapper.toProto(partitions, partitions.isEmpty() ? List.of() : keys(table));
    }

    /**
     * The table's keys; none (names left empty) if the table went away after the call succeeded,
     * since failing a write that did happen would invite a retry that applies it twice.
     */
    private List<PartitionKey> keys(TableIdentifier table) {
        try {
            return catalog.getTable(table, TableView.BASIC).partitionKeys();
        } catch (CatalogException e) {
            return List.of();
        }
    }

    private static Optional<PartitionFilter> filter(boolean present, dev.lakegate.catalog.v1.PartitionFilter filter) {
        return present
                ? Optional.of(PartitionFilterMapper.toDomain(filter, FieldPath.root("filter")))
                : Optional.empty();
    }

    private static List<List<String>> values(List<PartitionValues> partitions) {
        return partitions.stream()
                .map(values -> List.copyOf(values.getValuesList()))
                .toList();
    }
}
