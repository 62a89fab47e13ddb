package dev.lakegate.hms.handler.partitions;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.Partition;
import java.util.AbstractList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Partition names too many to hold at once (a table may have millions): the first pages are read when
 * the list is made, the others while the reply is written, each dropped once written. The size is
 * the count taken when the list was made. If the partitions change meanwhile, so that the pages hold
 * fewer names than that or more, iterating fails rather than answering a list that never existed
 * (the client sees an error or, when part of the reply was already streamed, a closed connection,
 * and retries). Read it in order, by its iterator: {@link #get(int)} is not served.
 */
final class StreamedNames extends AbstractList<String> {

    /** The page of up to {@code size} names after {@code token}. */
    @FunctionalInterface
    interface Pages {
        ListPartitionsResponse read(String token, int size);
    }

    private final List<String> firstPage;
    private final String secondToken;
    private final int size;
    private final boolean complete;
    private final int pageSize;
    private final Pages pages;

    /**
     * @param size how many names to give: all of the table's ({@code complete}), or the first of them
     * @param complete whether {@code size} is every name, so that one more is a change
     */
    StreamedNames(List<String> firstPage, String secondToken, int size, boolean complete, int pageSize, Pages pages) {
        this.firstPage = List.copyOf(firstPage);
        this.secondToken = requireNonNull(secondToken, "secondToken is null");
        this.size = size;
        this.complete = complete;
        this.pageSize = pageSize;
        this.pages = requireNonNull(pages, "pages is null");
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String get(int index) {
        throw new UnsupportedOperationException("streamed partition names are read in order, by their iterator");
    }

    @Override
    public Iterator<String> iterator() {
        return new Iterator<>() {
            private List<String> page = firstPage;
            private int position;
            private String token = secondToken;
            private int given;

            @Override
            public boolean hasNext() {
                if (given == size) {
                    if (complete && (position < page.size() || !token.isEmpty())) {
                        throw changed("more than");
                    }
                    return false;
                }
                while (position == page.size()) {
                    if (token.isEmpty()) {
                        throw changed("fewer than");
                    }
                    ListPartitionsResponse next = pages.read(token, Math.min(pageSize, size - given));
                    page = next.getPartitionsList().stream()
                            .map(Partition::getName)
                            .toList();
                    position = 0;
                    token = next.getNextPageToken();
                }
                return true;
            }

            @Override
            public String next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                given++;
                return page.get(position++);
            }
        };
    }

    private IllegalStateException changed(String relation) {
        return new IllegalStateException("the table's partitions changed while their names were listed: " + relation
                + " the " + size + " counted");
    }
}
