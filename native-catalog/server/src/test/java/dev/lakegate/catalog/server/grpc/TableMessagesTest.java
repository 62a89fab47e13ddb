package dev.lakegate.catalog.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.model.Table;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableMessagesTest {

    private final TableMessages messages = new TableMessages();

    @Test
    void theSameTableObjectGetsTheMessageBuiltForItOnce() {
        Table table = DomainFixtures.hiveTable();

        dev.lakegate.catalog.v1.Table first = messages.of(table);

        assertThat(first).isEqualTo(TableMapper.toProto(table));
        assertThat(messages.of(table)).isSameAs(first);
    }

    @Test
    void anotherVersionOfTheTableGetsItsOwnMessage() {
        Table table = DomainFixtures.hiveTable();
        messages.of(table);
        Table altered = table.toBuilder()
                .properties(Map.of("comment", "altered"))
                .version(table.version() + 1)
                .build();

        dev.lakegate.catalog.v1.Table message = messages.of(altered);

        assertThat(message.getVersion()).isEqualTo(table.version() + 1);
        assertThat(message.getPropertiesMap()).containsExactly(Map.entry("comment", "altered"));
    }

    @Test
    void anEqualTableReadAgainIsMappedFromWhatItHolds() {
        // Equal records, but keys are compared by identity: the message is always of the object given.
        Table table = DomainFixtures.icebergTable();
        Table equal = table.toBuilder().build();
        dev.lakegate.catalog.v1.Table first = messages.of(table);

        dev.lakegate.catalog.v1.Table second = messages.of(equal);

        assertThat(second).isNotSameAs(first).isEqualTo(first);
    }
}
