package dev.lakegate.translator.error;

import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.InvalidInputException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;

/** HMS 4's words for failures of scheduled queries (ObjectStore's), keys written {@code name@namespace}. */
public final class ScheduledQueryWords {

    private ScheduledQueryWords() {}

    static HmsFailure alreadyExists(Map<String, String> metadata) {
        return HmsFailure.of(
                "Scheduled query with name: " + reference(metadata) + " already exists.",
                AlreadyExistsException.class,
                MetaException.class);
    }

    /** get_scheduled_query says it one way, an alter or a drop another. */
    static HmsFailure notFound(Map<String, String> metadata, HmsCall.Operation operation) {
        String message = operation == HmsCall.Operation.READ
                ? "There is no scheduled query for: " + reference(metadata)
                : "Scheduled query with name: " + reference(metadata) + " doesn't exists.";
        return HmsFailure.of(message, NoSuchObjectException.class, MetaException.class);
    }

    /**
     * A run's report that does not follow its state; a run handed out may move to any other state by
     * the rule, but HMS accepts no report of AUTO_DISABLED, which it sets itself.
     */
    static HmsFailure stateChange(Map<String, String> metadata) {
        String from = metadata.get("from");
        String to = metadata.get("to");
        String message = "INITED".equals(from) && "AUTO_DISABLED".equals(to)
                ? "invalid state: " + to
                : "Invalid state change: " + from + "=>" + to;
        return HmsFailure.of(message, InvalidOperationException.class, MetaException.class);
    }

    /** A schedule Quartz's cron syntax does not read. */
    public static HmsFailure invalidSchedule(String schedule) {
        return HmsFailure.of(
                "Invalid QUARTZ schedule expression: '" + schedule + "'",
                InvalidInputException.class,
                MetaException.class);
    }

    private static String reference(Map<String, String> metadata) {
        return metadata.get("scheduled_query") + "@" + metadata.get("cluster_namespace");
    }
}
