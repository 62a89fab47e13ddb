package dev.lakegate.catalog.client;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.AddConstraintsRequest;
import dev.lakegate.catalog.v1.CatalogServiceGrpc.CatalogServiceBlockingStub;
import dev.lakegate.catalog.v1.DeleteConstraintRequest;
import dev.lakegate.catalog.v1.ListConstraintsRequest;
import dev.lakegate.catalog.v1.TableConstraint;
import java.util.List;
import java.util.function.Supplier;

/** The table-constraint calls of a {@link CatalogClient}, with its principal and deadline. */
public final class TableConstraints {

    private final Supplier<CatalogServiceBlockingStub> stub;

    TableConstraints(Supplier<CatalogServiceBlockingStub> stub) {
        this.stub = requireNonNull(stub, "stub is null");
    }

    public List<TableConstraint> add(AddConstraintsRequest request) {
        return StubCalls.call(stub, s -> s.addConstraints(request)).getConstraintsList();
    }

    public List<TableConstraint> list(ListConstraintsRequest request) {
        return StubCalls.call(stub, s -> s.listConstraints(request)).getConstraintsList();
    }

    public void delete(DeleteConstraintRequest request) {
        StubCalls.call(stub, s -> s.deleteConstraint(request));
    }
}
