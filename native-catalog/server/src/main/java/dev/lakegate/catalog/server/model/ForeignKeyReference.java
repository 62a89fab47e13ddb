package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What a foreign key references: a key (primary or unique) of the parent table, column for column
 * in the order of the foreign key's columns. The rules are the referential actions as codes the
 * writer chose; the catalog keeps them and does not act on them.
 */
public record ForeignKeyReference(TableIdentifier table, List<String> columns, int updateRule, int deleteRule) {

    public ForeignKeyReference {
        requireNonNull(table, "table is null");
        columns = List.copyOf(columns);
    }

    public ForeignKeyReference withTable(TableIdentifier renamed) {
        return new ForeignKeyReference(renamed, columns, updateRule, deleteRule);
    }
}
