package dev.lakegate.catalog.server.authz;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * One line of the audit log: when, who, through which door and from where, which operation (the RPC's name) on
 * which objects, the decision ({@code allow}, {@code deny}, or {@code would-deny} in audit mode), why, and the
 * call's result (a gRPC status code). Names of objects only: never what a request carries.
 */
public record AuditRecord(
        Instant time,
        String principal,
        String door,
        String client,
        String operation,
        String object,
        String decision,
        String why,
        String result) {

    public AuditRecord {
        requireNonNull(time, "time is null");
        requireNonNull(principal, "principal is null");
        requireNonNull(door, "door is null");
        requireNonNull(client, "client is null");
        requireNonNull(operation, "operation is null");
        requireNonNull(object, "object is null");
        requireNonNull(decision, "decision is null");
        requireNonNull(why, "why is null");
        requireNonNull(result, "result is null");
    }

    /** As one JSON object on one line. */
    public String json() {
        StringBuilder line = new StringBuilder(256).append('{');
        field(line, "time", time.toString()).append(',');
        field(line, "principal", principal).append(',');
        field(line, "door", door).append(',');
        field(line, "client", client).append(',');
        field(line, "operation", operation).append(',');
        field(line, "object", object).append(',');
        field(line, "decision", decision).append(',');
        field(line, "why", why).append(',');
        field(line, "result", result);
        return line.append('}').toString();
    }

    private static StringBuilder field(StringBuilder line, String name, String value) {
        line.append('"').append(name).append("\":\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> line.append("\\\"");
                case '\\' -> line.append("\\\\");
                case '\n' -> line.append("\\n");
                case '\r' -> line.append("\\r");
                case '\t' -> line.append("\\t");
                default -> {
                    if (c < 0x20) {
                        line.append(String.format("\\u%04x", (int) c));
                    } else {
                        line.append(c);
                    }
                }
            }
        }
        return line.append('"');
    }
}
