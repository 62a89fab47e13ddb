package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.PrincipalType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

public interface FunctionContract extends CatalogContract {

    private Function function(String namespace, String name) {
        return new Function(
                namespace,
                name,
                "com.example.Upper",
                "bob",
                PrincipalType.USER,
                List.of(new Function.Resource(Function.ResourceType.JAR, "file:/jars/udf.jar")),
                Instant.EPOCH,
                "");
    }

    @Test
    default void functionsCreateReadListUpdateAndDelete() {
        String namespace = newNamespace();
        Function created = catalog().createFunction(function(namespace, "Upper"), context());
        assertThat(created.name()).isEqualTo("upper");
        assertThat(catalog().getFunction(namespace, "UPPER")).isEqualTo(created);
        catalog().createFunction(function(namespace, "lower"), context());
        assertCatalogError(
                ErrorCode.FUNCTION_ALREADY_EXISTS,
                () -> catalog().createFunction(function(namespace, "upper"), context()));

        List<String> names = new ArrayList<>();
        String token = "";
        do {
            Page<Function> page = catalog().listFunctions(namespace, new PageRequest(1, token));
            page.items().forEach(f -> names.add(f.name()));
            token = page.nextPageToken();
        } while (!token.isEmpty());
        assertThat(names).containsExactly("lower", "upper");

        Function renamed = catalog()
                .updateFunction(
                        namespace,
                        "upper",
                        new Function(
                                namespace,
                                "shout",
                                "com.example.Shout",
                                "bob",
                                PrincipalType.ROLE,
                                List.of(),
                                Instant.EPOCH,
                                ""),
                        context());
        assertThat(renamed.createTime()).isEqualTo(created.createTime());
        assertThat(catalog().getFunction(namespace, "shout").className()).isEqualTo("com.example.Shout");
        assertCatalogError(ErrorCode.FUNCTION_NOT_FOUND, () -> catalog().getFunction(namespace, "upper"))
                .hasMessage("function " + namespace + ".upper does not exist");

        catalog().deleteFunction(namespace, "shout", context());
        assertCatalogError(ErrorCode.FUNCTION_NOT_FOUND, () -> catalog().deleteFunction(namespace, "shout", context()));
        assertCatalogError(
                ErrorCode.NAMESPACE_NOT_FOUND,
                () -> catalog().createFunction(function("missing_namespace", "f"), context()));
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> catalog()
                        .createFunction(
                                new Function(namespace, "f", "", "", PrincipalType.USER, List.of(), Instant.EPOCH, ""),
                                context()));
    }
}
