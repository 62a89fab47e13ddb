package dev.lakegate.translator.events;

/** The HMS notification event types Lakegate emits, as Hive's EventMessage.EventType names them. */
public enum HiveEventType {
    CREATE_DATABASE,
    DROP_DATABASE,
    ALTER_DATABASE,
    CREATE_TABLE,
    DROP_TABLE,
    ALTER_TABLE,
    ADD_PARTITION,
    DROP_PARTITION,
    ALTER_PARTITION,
    CREATE_FUNCTION,
    DROP_FUNCTION,
    /** Not a Hive type: HMS has no event for a changed function, and ids must not skip one. */
    ALTER_FUNCTION,
    UPDATE_TABLE_COLUMN_STAT,
    UPDATE_PARTITION_COLUMN_STAT,
    DELETE_TABLE_COLUMN_STAT,
    DELETE_PARTITION_COLUMN_STAT,
    INSERT,
    OPEN_TXN,
    COMMIT_TXN,
    ABORT_TXN,
    /** As HMS names it in the log: its EventType ALLOC_WRITE_ID writes this. */
    ALLOC_WRITE_ID_EVENT
}
