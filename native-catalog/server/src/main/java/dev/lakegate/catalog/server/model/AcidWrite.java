package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/**
 * What one of Hive's transactions writes, as HMS records it for the conflict check at commit and for the
 * compactor: a partition by its name, or a whole table (partition empty: the table is unpartitioned, or
 * the partitions a statement writes are not known until it has run).
 */
public record AcidWrite(TableIdentifier table, String partition, Operation operation) {

    /** Hive's write operations; only updates and deletes can conflict with one another. */
    public enum Operation {
        INSERT('i'),
        UPDATE('u'),
        DELETE('d');

        private final char code;

        Operation(char code) {
            this.code = code;
        }

        /** HMS's one-letter name, as its conflict messages show it. */
        public char code() {
            return code;
        }

        public static Operation ofCode(char code) {
            for (Operation operation : values()) {
                if (operation.code == code) {
                    return operation;
                }
            }
            throw new IllegalArgumentException("no write operation has code '" + code + "'");
        }
    }

    public AcidWrite {
        requireNonNull(table, "table is null");
        requireNonNull(partition, "partition is null");
        requireNonNull(operation, "operation is null");
    }
}
