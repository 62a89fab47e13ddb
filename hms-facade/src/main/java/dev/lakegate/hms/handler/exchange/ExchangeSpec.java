package dev.lakegate.hms.handler.exchange;

import dev.lakegate.translator.names.PartitionNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The partial specification of an exchange read as HMS reads it (MetaStoreUtils.getPvals): one value
 * per key of the source table, "" for a key the specification leaves out (any value); names that are
 * no key are ignored. The keys given a value name the directory that moves: with keys left out
 * before one given (year and day, not month), that directory is not the partitions' parent and the
 * move fails, as in HMS.
 */
record ExchangeSpec(List<String> keys, List<String> values) {

    static ExchangeSpec of(List<String> keys, Map<String, String> spec) {
        List<String> values = new ArrayList<>(keys.size());
        for (String key : keys) {
            String value = spec.get(key);
            values.add(value == null ? "" : value);
        }
        return new ExchangeSpec(List.copyOf(keys), List.copyOf(values));
    }

    /** The values to select partitions by: "" matches any. */
    List<String> nativeValues() {
        return values;
    }

    /**
     * The directory below the table's location that moves ({@code year=2017/month=march}); no key with
     * a value is Warehouse.makePartName's MetaException, as in HMS.
     */
    String directory() {
        List<String> presentKeys = new ArrayList<>();
        List<String> presentValues = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            if (!values.get(i).isEmpty()) {
                presentKeys.add(keys.get(i));
                presentValues.add(values.get(i));
            }
        }
        return PartitionNames.name(presentKeys, presentValues);
    }
}
