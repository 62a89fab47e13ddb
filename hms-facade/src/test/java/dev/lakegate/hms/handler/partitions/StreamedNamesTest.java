package dev.lakegate.hms.handler.partitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.Partition;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The iteration of streamed names over pages read as the catalog pages them: by name, after a token. */
class StreamedNamesTest {

    private final TreeSet<String> table = new TreeSet<>();
    private int pagesRead;

    @Test
    void givesEveryNameOnceInOrderReadingAPageAtATime() {
        fill(25);
        List<String> names = streamed(10, 25, true);

        assertThat(new ArrayList<>(names)).containsExactlyElementsOf(table);
        assertThat(pagesRead).isEqualTo(2);
        assertThat(names).hasSize(25);
        // A second iteration reads the later pages again, from the first page kept.
        assertThat(new ArrayList<>(names)).containsExactlyElementsOf(table);
    }

    @Test
    void stopsAtALimitBelowTheCount() {
        fill(25);

        assertThat(new ArrayList<>(streamed(10, 17, false))).containsExactlyElementsOf(table.headSet(name(17)));
    }

    @Test
    void failsWhenPartitionsWereAddedAfterTheCount() {
        fill(25);
        List<String> names = streamed(10, 25, true);
        table.add(name(30));

        assertThatThrownBy(() -> new ArrayList<>(names))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("more than the 25 counted");
    }

    @Test
    void failsWhenPartitionsWereDroppedAfterTheCount() {
        fill(25);
        List<String> names = streamed(10, 25, true);
        table.remove(name(20));

        assertThatThrownBy(() -> new ArrayList<>(names))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("fewer than the 25 counted");
    }

    @Test
    void isReadByItsIteratorOnly() {
        fill(25);

        assertThatThrownBy(() -> streamed(10, 25, true).get(3)).isInstanceOf(UnsupportedOperationException.class);
    }

    private List<String> streamed(int pageSize, int size, boolean complete) {
        ListPartitionsResponse first = page("", pageSize);
        pagesRead = 0;
        return new StreamedNames(
                first.getPartitionsList().stream().map(Partition::getName).toList(),
                first.getNextPageToken(),
                size,
                complete,
                pageSize,
                this::page);
    }

    /** As the catalog answers: up to {@code size} names after the token, a token when more follow. */
    private ListPartitionsResponse page(String token, int size) {
        pagesRead++;
        List<String> after = new ArrayList<>(token.isEmpty() ? table : table.tailSet(token, false));
        ListPartitionsResponse.Builder page = ListPartitionsResponse.newBuilder();
        after.stream().limit(size).forEach(name -> page.addPartitionsBuilder().setName(name));
        if (after.size() > size) {
            page.setNextPageToken(after.get(size - 1));
        }
        return page.build();
    }

    private void fill(int count) {
        for (int i = 0; i < count; i++) {
            table.add(name(i));
        }
    }

    private static String name(int i) {
        return String.format("ds=%03d", i);
    }
}
