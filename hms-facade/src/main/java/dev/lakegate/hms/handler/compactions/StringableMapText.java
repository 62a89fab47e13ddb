package dev.lakegate.hms.handler.compactions;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the text Hive's StringableMap writes a compaction's properties as (a compactor's CompactionInfoStruct
 * carries them so): their count and a colon, then each key and value as its length, a colon and itself (a
 * null written as length -1 or, for a key, 0).
 */
final class StringableMapText {

    private StringableMapText() {}

    /** The properties, those with a null key or value left out; empty when the text is not in that form. */
    static Optional<Map<String, String>> read(String text) {
        try {
            Cursor cursor = new Cursor(text);
            int count = cursor.length();
            Map<String, String> properties = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
                String key = cursor.text();
                String value = cursor.text();
                if (key != null && value != null) {
                    properties.put(key, value);
                }
            }
            return cursor.atEnd() ? Optional.of(properties) : Optional.empty();
        } catch (IndexOutOfBoundsException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static final class Cursor {
        private final String text;
        private int at;

        Cursor(String text) {
            this.text = text;
        }

        int length() {
            int colon = text.indexOf(':', at);
            if (colon < 0) {
                throw new IndexOutOfBoundsException("no colon after " + at);
            }
            int length = Integer.parseInt(text.substring(at, colon));
            at = colon + 1;
            return length;
        }

        /** A length and that many characters; null for a negative length. */
        String text() {
            int length = length();
            if (length < 0) {
                return null;
            }
            String value = text.substring(at, at + length);
            at += length;
            return value;
        }

        boolean atEnd() {
            return at == text.length();
        }
    }
}
