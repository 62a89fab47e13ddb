package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Type;
import org.junit.jupiter.api.Test;

/**
 * User-defined types, HMS's oldest calls ({@code create_type}, {@code get_type}, {@code drop_type},
 * {@code get_type_all}), sent as they go on the wire: no engine uses them any more, but every release
 * still serves them.
 */
public abstract class TypeScenarios extends ScenarioSupport {

    private static Type type(String name) {
        Type type = new Type(name);
        type.setType1("string");
        type.setType2("int");
        type.setFields(List.of(new FieldSchema("street", "string", "where"), new FieldSchema("zip", "int", null)));
        return type;
    }

    private Outcome create(Type type) {
        return rawOutcome("create_type", s -> s.create_type(type));
    }

    @Test
    void aCreatedTypeReadsBackWithItsFields() throws Exception {
        String name = unique("address");
        Outcome created = create(type(name));
        assertThat(created.value()).isEqualTo(true);
        @SuppressWarnings("unchecked")
        Map<String, Object> read = (Map<String, Object>)
                rawOutcome("get_type", s -> s.get_type(name)).value();
        assertThat(read.get("name")).isEqualTo(name);
        assertThat(read.get("type1")).isEqualTo("string");
        assertThat(read.get("type2")).isEqualTo("int");
        assertThat((List<?>) read.get("fields")).hasSize(2);
    }

    @Test
    void creatingATypeTwiceFails() {
        String name = unique("twice");
        create(type(name));
        assertFails(create(type(name)), "AlreadyExistsException", "Type " + name + " already exists");
    }

    @Test
    void aTypeNameMustBeAWord() {
        assertFails(create(type("no spaces")), "InvalidObjectException", "Invalid type name");
    }

    @Test
    void aMissingTypeIsNotFound() {
        String name = unique("missing");
        assertFails(
                rawOutcome("get_type", s -> s.get_type(name)),
                "NoSuchObjectException",
                "Type \"" + name + "\" not found.");
    }

    @Test
    void aDroppedTypeIsGoneAndDroppingItAgainStillAnswers() {
        String name = unique("dropped");
        create(type(name));
        assertThat(rawOutcome("drop_type", s -> s.drop_type(name)).value()).isEqualTo(true);
        assertThat(rawOutcome("get_type", s -> s.get_type(name)).exceptionType())
                .isEqualTo("NoSuchObjectException");
        Outcome again = rawOutcome("drop_type again", s -> s.drop_type(name));
        assertThat(again.failed()).as(again.toString()).isFalse();
    }

    @Test
    void allTypesAreNotImplemented() {
        String name = unique("all");
        create(type(name));
        assertFails(rawOutcome("get_type_all", s -> s.get_type_all(name)), "MetaException", "Not yet implemented");
    }
}
