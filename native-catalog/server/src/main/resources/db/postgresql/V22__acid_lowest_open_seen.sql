-- What each transaction's readers may still need of the write ids (HMS 3.1's MIN_HISTORY_LEVEL): the lowest
-- id that was open when the transaction was opened. A reader's snapshot, taken after its transaction opened,
-- names as open or aborted no transaction below it, so the write ids of committed transactions below the
-- lowest of these (and below every aborted one) are needed by no reader and may go. Rows opened before this
-- column have none: their own id stands in.
ALTER TABLE acid_transactions ADD COLUMN lowest_open_seen BIGINT;
