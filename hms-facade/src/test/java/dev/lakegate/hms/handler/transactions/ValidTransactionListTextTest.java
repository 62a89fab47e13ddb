package dev.lakegate.hms.handler.transactions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.v1.AcidSnapshot;
import org.junit.jupiter.api.Test;

class ValidTransactionListTextTest {

    private static AcidSnapshot read(String text) {
        return ValidTransactionListText.read(text).orElseThrow();
    }

    @Test
    void readsHivesFormWithListsAndRanges() {
        AcidSnapshot snapshot = read("20:3:3,7-9:5,12");
        assertThat(snapshot.getHighWaterMark()).isEqualTo(20);
        assertThat(snapshot.getOpenIdsList()).containsExactly(3L, 7L, 8L, 9L);
        assertThat(snapshot.getAbortedIdsList()).containsExactly(5L, 12L);
    }

    @Test
    void readsListsThatAreEmptyOrLeftOut() {
        assertThat(read("9:9223372036854775807::").getOpenIdsList()).isEmpty();
        assertThat(read("9:9223372036854775807:4").getOpenIdsList()).containsExactly(4L);
        assertThat(read("9:9223372036854775807").getAbortedIdsList()).isEmpty();
    }

    @Test
    void noTextMeansEveryTransactionCommitted() {
        assertThat(read("").getHighWaterMark()).isEqualTo(Long.MAX_VALUE);
        assertThat(read(null).getOpenIdsList()).isEmpty();
    }

    @Test
    void refusesWhatIsNotHivesForm() {
        assertThat(ValidTransactionListText.read("abc")).isEmpty();
        assertThat(ValidTransactionListText.read("5")).isEmpty();
        assertThat(ValidTransactionListText.read("5:x::")).isEmpty();
        assertThat(ValidTransactionListText.read("5:5:9-3:"))
                .as("a range that ends before it starts")
                .isEmpty();
        assertThat(ValidTransactionListText.read("5:5:1-2000000:"))
                .as("more ids than any list holds")
                .isEmpty();
    }
}
