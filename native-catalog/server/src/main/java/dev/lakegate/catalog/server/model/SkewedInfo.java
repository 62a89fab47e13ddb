package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;

public record SkewedInfo(List<String> columnNames, List<List<String>> values, List<SkewedLocation> locations) {

    public SkewedInfo {
        columnNames = List.copyOf(columnNames);
        values = values.stream().map(List::copyOf).toList();
        locations = List.copyOf(locations);
    }

    public static SkewedInfo empty() {
        return new SkewedInfo(List.of(), List.of(), List.of());
    }

    public record SkewedLocation(List<String> values, String location) {
        public SkewedLocation {
            values = List.copyOf(values);
            requireNonNull(location, "location is null");
        }
    }
}
