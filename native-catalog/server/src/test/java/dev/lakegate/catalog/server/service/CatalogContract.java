package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Namespace;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert;

/**
 * What every binding of the catalog suites provides: the catalog under test (the service itself, or
 * the service reached through gRPC) and the clock it runs on. The contract interfaces share one
 * catalog per test class and keep apart by using names nobody else uses.
 */
public interface CatalogContract {

    Catalog catalog();

    TestClock clock();

    default RequestContext context() {
        return RequestContext.of("tester");
    }

    default String newNamespace() {
        String name = CatalogFixtures.unique("ns");
        catalog().createNamespace(Namespace.of(name), context());
        return name;
    }

    static AbstractThrowableAssert<?, ? extends Throwable> assertCatalogError(
            ErrorCode code, ThrowableAssert.ThrowingCallable call) {
        return assertThatThrownBy(call)
                .isInstanceOf(CatalogException.class)
                .satisfies(thrown -> org.assertj.core.api.Assertions.assertThat(((CatalogException) thrown).code())
                        .as("error code of: " + thrown.getMessage())
                        .isEqualTo(code));
    }
}
