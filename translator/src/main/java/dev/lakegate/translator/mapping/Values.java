package dev.lakegate.translator.mapping;

import com.google.protobuf.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Small conversions every mapper needs: HMS's nullable strings and int seconds, never a null collection. */
final class Values {

    private Values() {}

    /** Proto strings are never null: an unset HMS string is "". */
    static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }

    /** HMS leaves optional strings unset: "" from the catalog is null for HMS clients. */
    static String emptyToNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    static Timestamp seconds(int seconds) {
        return Timestamp.newBuilder().setSeconds(seconds).build();
    }

    /** HMS times are int seconds since the epoch. */
    static int seconds(Timestamp timestamp) {
        return (int) timestamp.getSeconds();
    }

    static long millis(Timestamp timestamp) {
        return timestamp.getSeconds() * 1000 + timestamp.getNanos() / 1_000_000;
    }

    static <K, V> Map<K, V> map(Map<K, V> map) {
        return map == null ? new HashMap<>() : new HashMap<>(map);
    }

    static <T> List<T> list(List<T> list) {
        return list == null ? new ArrayList<>() : new ArrayList<>(list);
    }
}
