-- The housekeeping forgets write reports once they are older than HMS's notification ttl (its
-- DbNotificationListener cleaner drops TXN_WRITE_NOTIFICATION_LOG rows by event time the same way): the
-- oldest first, a bounded step at a time, found by this index rather than by a scan of every report.
CREATE INDEX acid_write_notifications_by_age ON acid_write_notifications (reported_at);
