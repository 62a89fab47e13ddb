package dev.lakegate.catalog.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.authz.AuthorizationMode;
import dev.lakegate.catalog.server.store.ScratchStore;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every method of every service the catalog server binds has an authorization rule, and every rule names a
 * method the server binds: a new RPC cannot ship unchecked, and a rule cannot outlive its RPC.
 */
class MethodRulesTest {

    @Test
    void everyBoundMethodHasARuleAndEveryRuleABoundMethod() throws Exception {
        Set<String> bound = new TreeSet<>();
        try (AuthorizedServer catalog = AuthorizedServer.start(ScratchStore.h2(), AuthorizationMode.ENFORCE, false)) {
            for (ServerServiceDefinition service : catalog.server.services()) {
                for (ServerMethodDefinition<?, ?> method : service.getMethods()) {
                    bound.add(method.getMethodDescriptor().getFullMethodName());
                }
            }
        }
        Set<String> ruled = new TreeSet<>(MethodRules.all().methods());
        assertThat(bound).as("methods the server binds").hasSizeGreaterThan(100);
        assertThat(ruled).as("rules for exactly the bound methods").isEqualTo(bound);
    }
}
