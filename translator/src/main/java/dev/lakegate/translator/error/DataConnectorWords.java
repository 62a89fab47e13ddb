package dev.lakegate.translator.error;

import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;

/** HMS 4's words for failures of data connectors (its handler's and ObjectStore's). */
public final class DataConnectorWords {

    private DataConnectorWords() {}

    public static HmsFailure alreadyExists(String name) {
        return HmsFailure.of("DataConnector " + name + " already exists", AlreadyExistsException.class);
    }

    /**
     * A read or an alter of a connector that does not exist. HMS appends the missing cause of the store's
     * own exception to its message, which therefore ends in ":null".
     */
    public static HmsFailure notFound(String name) {
        return HmsFailure.of(
                "Dataconnector named " + name + " does not exist:null",
                NoSuchObjectException.class,
                MetaException.class);
    }

    /** A drop of a connector that does not exist, without ifNotExists. */
    public static HmsFailure notFoundToDrop(String name) {
        return HmsFailure.of("DataConnector " + name + " doesn't exist", NoSuchObjectException.class);
    }

    public static HmsFailure nameIsNull() {
        return HmsFailure.meta("Data connector name cannot be null.");
    }
}
