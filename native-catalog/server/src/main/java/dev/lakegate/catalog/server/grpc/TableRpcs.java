package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.Empty;
import dev.lakegate.catalog.server.grpc.mapping.CommitMapper;
import dev.lakegate.catalog.server.grpc.mapping.ConstraintMapper;
import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.grpc.mapping.ValueMapper;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.Page;
import dev.lakegate.catalog.server.service.TableView;
import dev.lakegate.catalog.v1.BatchGetTablesRequest;
import dev.lakegate.catalog.v1.BatchGetTablesResponse;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.CommitTableResponse;
import dev.lakegate.catalog.v1.CommitTransactionRequest;
import dev.lakegate.catalog.v1.CommitTransactionResponse;
import dev.lakegate.catalog.v1.CreateTableRequest;
import dev.lakegate.catalog.v1.DeleteTableRequest;
import dev.lakegate.catalog.v1.GetTableRequest;
import dev.lakegate.catalog.v1.ListTablesRequest;
import dev.lakegate.catalog.v1.ListTablesResponse;
import dev.lakegate.catalog.v1.Table;

/** The table RPCs, commits included. */
final class TableRpcs {

    private final Catalog catalog;
    private final TableMessages messages = new TableMessages();

    TableRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    Table create(CreateTableRequest request) {
        return TableMapper.toProto(catalog.createTable(
                TableMapper.toDomain(request.getTable(), FieldPath.root("table")),
                FieldPath.root("constraints").mapEach(request.getConstraintsList(), ConstraintMapper::toDomain),
                UnaryCall.context(request.getRequestId())
                        .withHiveSemantics(request.getHiveSemantics())
                        .withUnreadableMetadataKept(request.getKeepUnreadableMetadata())));
    }

    Table get(GetTableRequest request) {
        return messages.of(catalog.getTable(
                TableMapper.toDomain(request.getTable()),
                TableMapper.toDomain(request.getView(), TableView.BASIC, FieldPath.root("view"))));
    }

    BatchGetTablesResponse batchGet(BatchGetTablesRequest request) {
        return BatchGetTablesResponse.newBuilder()
                .addAllTables(catalog
                        .batchGetTables(
                                request.getCatalog(),
                                request.getNamespace(),
                                request.getNamesList(),
                                TableMapper.toDomain(request.getView(), TableView.BASIC, FieldPath.root("view")))
                        .stream()
                        .map(messages::of)
                        .toList())
                .build();
    }

    ListTablesResponse list(ListTablesRequest request) {
        Page<dev.lakegate.catalog.server.model.Table> page = catalog.listTables(
                request.getCatalog(),
                request.getNamespace(),
                request.getNamePrefix(),
                UnaryCall.page(request.getPageSize(), request.getPageToken()),
                TableMapper.toDomain(request.getView(), TableView.NAME_ONLY, FieldPath.root("view")));
        return ListTablesResponse.newBuilder()
                .addAllTables(page.items().stream().map(TableMapper::toProto).toList())
                .setNextPageToken(page.nextPageToken())
                .build();
    }

    Empty delete(DeleteTableRequest request) {
        catalog.deleteTable(
                TableMapper.toDomain(request.getTable()),
                ValueMapper.expectedVersion(request.getEtag(), FieldPath.root("etag")),
                UnaryCall.context(request.getRequestId()));
        return Empty.getDefaultInstance();
    }

    CommitTableResponse commit(CommitTableRequest request) {
        return CommitTableResponse.newBuilder()
                .setTable(TableMapper.toProto(catalog.commitTable(
                        CommitMapper.toDomain(request, FieldPath.root("")),
                        UnaryCall.context(request.getRequestId()).withHiveSemantics(request.getHiveSemantics()))))
                .build();
    }

    CommitTransactionResponse commitTransaction(CommitTransactionRequest request) {
        return CommitTransactionResponse.newBuilder()
                .addAllTables(catalog
                        .commitTransaction(
                                FieldPath.root("commits").mapEach(request.getCommitsList(), CommitMapper::toDomain),
                                UnaryCall.context(request.getRequestId()).withHiveSemantics(request.getHiveSemantics()))
                        .stream()
                        .map(TableMapper::toProto)
                        .toList())
                .build();
    }
}
