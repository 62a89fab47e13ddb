package dev.lakegate.hms.handler.statistics;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code COLUMN_STATS_ACCURATE} parameter as Hive's StatsSetupConst reads and writes it:
 * {@code {"BASIC_STATS":"true","COLUMN_STATS":{"a":"true"}}}, BASIC_STATS left out when false,
 * COLUMN_STATS when empty, columns sorted. Text that does not parse reads as nothing accurate,
 * except a bare {@code true}, which reads as accurate basic statistics.
 */
public final class ColumnStatsAccurate {

    public static final String KEY = "COLUMN_STATS_ACCURATE";

    private boolean basicStats;
    private final TreeMap<String, Boolean> columnStats = new TreeMap<>();

    private ColumnStatsAccurate() {}

    public static ColumnStatsAccurate parse(String text) {
        ColumnStatsAccurate result = new ColumnStatsAccurate();
        if (text == null) {
            return result;
        }
        try {
            new Reader(text, result).read();
        } catch (IllegalArgumentException e) {
            ColumnStatsAccurate fallback = new ColumnStatsAccurate();
            fallback.basicStats = "true".equalsIgnoreCase(text);
            return fallback;
        }
        return result;
    }

    /** StatsSetupConst.canColumnStatsMerge / areColumnStatsUptoDate. */
    public static boolean isColumnAccurate(Map<String, String> parameters, String column) {
        return parse(parameters.get(KEY)).columnStats.containsKey(column);
    }

    /** StatsSetupConst.setColumnStatsState: marks these columns accurate (keeping entries already there). */
    public static void setColumns(Map<String, String> parameters, Collection<String> columns) {
        ColumnStatsAccurate state = parse(parameters.get(KEY));
        columns.forEach(column -> state.columnStats.putIfAbsent(column, true));
        parameters.put(KEY, state.write());
    }

    /** StatsSetupConst.removeColumnStatsState. */
    public static void removeColumns(Map<String, String> parameters, Collection<String> columns) {
        ColumnStatsAccurate state = parse(parameters.get(KEY));
        columns.forEach(state.columnStats::remove);
        parameters.put(KEY, state.write());
    }

    /** StatsSetupConst.clearColumnStatsState: only when the parameter is there. */
    public static void clearColumns(Map<String, String> parameters) {
        if (parameters.get(KEY) == null) {
            return;
        }
        ColumnStatsAccurate state = parse(parameters.get(KEY));
        state.columnStats.clear();
        parameters.put(KEY, state.write());
    }

    String write() {
        StringBuilder out = new StringBuilder("{");
        if (basicStats) {
            out.append("\"BASIC_STATS\":\"true\"");
        }
        if (!columnStats.isEmpty()) {
            if (basicStats) {
                out.append(',');
            }
            out.append("\"COLUMN_STATS\":{");
            boolean first = true;
            for (Map.Entry<String, Boolean> entry : columnStats.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                quote(entry.getKey(), out);
                out.append(":\"").append(entry.getValue()).append('"');
            }
            out.append('}');
        }
        return out.append('}').toString();
    }

    private static void quote(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04X", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** A reader of exactly the shape Jackson accepts for Hive's class: unknown properties fail. */
    private static final class Reader {
        private final String text;
        private final ColumnStatsAccurate target;
        private int position;

        Reader(String text, ColumnStatsAccurate target) {
            this.text = text;
            this.target = target;
        }

        void read() {
            expect('{');
            if (!peek('}')) {
                do {
                    String name = string();
                    expect(':');
                    switch (name) {
                        case "BASIC_STATS" -> target.basicStats = Boolean.parseBoolean(scalar());
                        case "COLUMN_STATS" -> columns();
                        default -> throw new IllegalArgumentException("unknown property " + name);
                    }
                } while (next(','));
            }
            expect('}');
            skipSpace();
            if (position != text.length()) {
                throw new IllegalArgumentException("trailing text");
            }
        }

        private void columns() {
            skipSpace();
            if (text.startsWith("null", position)) {
                position += 4;
                return;
            }
            expect('{');
            if (!peek('}')) {
                do {
                    String column = string();
                    expect(':');
                    target.columnStats.put(column, Boolean.parseBoolean(scalar()));
                } while (next(','));
            }
            expect('}');
        }

        /** A string, true/false or a number, as text (Jackson's getValueAsString). */
        private String scalar() {
            skipSpace();
            if (peek('"')) {
                return string();
            }
            int start = position;
            while (position < text.length() && "{}[],:\" \t\r\n".indexOf(text.charAt(position)) < 0) {
                position++;
            }
            if (start == position) {
                throw new IllegalArgumentException("value expected");
            }
            return text.substring(start, position);
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                if (position >= text.length()) {
                    throw new IllegalArgumentException("unterminated string");
                }
                char c = text.charAt(position++);
                if (c == '"') {
                    return out.toString();
                }
                if (c == '\\') {
                    if (position >= text.length()) {
                        throw new IllegalArgumentException("unterminated escape");
                    }
                    char e = text.charAt(position++);
                    switch (e) {
                        case 'n' -> out.append('\n');
                        case 'r' -> out.append('\r');
                        case 't' -> out.append('\t');
                        case 'b' -> out.append('\b');
                        case 'f' -> out.append('\f');
                        case 'u' -> {
                            if (position + 4 > text.length()) {
                                throw new IllegalArgumentException("bad escape");
                            }
                            try {
                                out.append((char) Integer.parseInt(text.substring(position, position + 4), 16));
                            } catch (NumberFormatException ex) {
                                throw new IllegalArgumentException("bad escape");
                            }
                            position += 4;
                        }
                        default -> out.append(e);
                    }
                } else {
                    out.append(c);
                }
            }
        }

        private boolean peek(char c) {
            skipSpace();
            return position < text.length() && text.charAt(position) == c;
        }

        private boolean next(char c) {
            if (peek(c)) {
                position++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!next(c)) {
                throw new IllegalArgumentException("expected " + c + " at " + position);
            }
        }

        private void skipSpace() {
            while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
                position++;
            }
        }
    }
}
