package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.CatalogException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Where in a request a value sits, e.g. {@code table.schemas[0].fields[2].type}, so that an invalid
 * value is reported by its field. A linked list rendered only when an error needs it: mapping
 * 10,000 partitions builds no strings.
 */
public final class FieldPath {

    private final FieldPath parent;
    private final String name;
    private final int index;

    private FieldPath(FieldPath parent, String name, int index) {
        this.parent = parent;
        this.name = name;
        this.index = index;
    }

    public static FieldPath root(String name) {
        return new FieldPath(null, name, -1);
    }

    public FieldPath field(String fieldName) {
        return new FieldPath(this, fieldName, -1);
    }

    public FieldPath index(int position) {
        return new FieldPath(this, null, position);
    }

    /** Maps each item with its indexed path. */
    public <P, D> List<D> mapEach(List<P> items, BiFunction<P, FieldPath, D> mapper) {
        List<D> mapped = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            mapped.add(mapper.apply(items.get(i), index(i)));
        }
        return List.copyOf(mapped);
    }

    /** An INVALID_ARGUMENT error naming this field, with the field in its metadata. */
    public CatalogException invalid(String problem) {
        String path = toString();
        return CatalogException.invalidArgument(path, path + ": " + problem);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        render(text);
        return text.toString();
    }

    private void render(StringBuilder text) {
        if (parent != null) {
            parent.render(text);
        }
        if (name == null) {
            text.append('[').append(index).append(']');
        } else {
            if (text.length() > 0) {
                text.append('.');
            }
            text.append(name);
        }
    }
}
