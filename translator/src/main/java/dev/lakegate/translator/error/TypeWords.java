package dev.lakegate.translator.error;

import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;

/** HMS's words for failures of user-defined types (its handler's). */
public final class TypeWords {

    private TypeWords() {}

    public static HmsFailure invalidName() {
        return HmsFailure.of("Invalid type name", InvalidObjectException.class, MetaException.class);
    }

    public static HmsFailure alreadyExists(String name) {
        return HmsFailure.of("Type " + name + " already exists", AlreadyExistsException.class, MetaException.class);
    }

    public static HmsFailure notFound(String name) {
        return HmsFailure.of("Type \"" + name + "\" not found.", NoSuchObjectException.class, MetaException.class);
    }

    /** get_type_all, which no HMS release implements. */
    public static HmsFailure allNotImplemented() {
        return HmsFailure.meta("Not yet implemented");
    }
}
