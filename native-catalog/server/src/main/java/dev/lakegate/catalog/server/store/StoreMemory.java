package dev.lakegate.catalog.server.store;

/**
 * What reads remember between transactions of one store, each part valid only as its own rules say: decoded
 * tables ({@link TableCache}) and the access version last read ({@link AccessVersionRows.Memo}).
 */
record StoreMemory(TableCache tables, AccessVersionRows.Memo accessVersion) {

    StoreMemory() {
        this(new TableCache(), new AccessVersionRows.Memo());
    }

    /** After the database was reopened: what it holds now is what counts, whatever was read before. */
    void forgetAll() {
        tables.forgetAll();
        accessVersion.forget();
    }
}
