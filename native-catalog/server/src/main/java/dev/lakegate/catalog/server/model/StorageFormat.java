package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;

/** A Hive storage descriptor without its columns and location. */
public record StorageFormat(
        String inputFormat,
        String outputFormat,
        boolean compressed,
        int numBuckets,
        List<String> bucketColumns,
        List<SortColumn> sortColumns,
        SerDe serde,
        SkewedInfo skew,
        boolean storedAsSubDirectories,
        Map<String, String> parameters) {

    public StorageFormat {
        inputFormat = Namespace.nullToEmpty(inputFormat);
        outputFormat = Namespace.nullToEmpty(outputFormat);
        bucketColumns = List.copyOf(bucketColumns);
        sortColumns = List.copyOf(sortColumns);
        requireNonNull(serde, "serde is null");
        requireNonNull(skew, "skew is null");
        parameters = Map.copyOf(parameters);
    }

    public static StorageFormat of(String inputFormat, String outputFormat, SerDe serde) {
        return new StorageFormat(
                inputFormat, outputFormat, false, -1, List.of(), List.of(), serde, SkewedInfo.empty(), false, Map.of());
    }
}
