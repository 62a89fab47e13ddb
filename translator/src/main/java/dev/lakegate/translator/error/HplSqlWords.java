package dev.lakegate.translator.error;

import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;

/** HMS 4's words for HPL/SQL's stored procedures and packages (its handler's and ObjectStore's). */
public final class HplSqlWords {

    private HplSqlWords() {}

    public static HmsFailure noProcedure(String database, String procedure) {
        return HmsFailure.of(
                "HPL/SQL StoredProcedure " + database + "." + procedure + " does not exist",
                NoSuchObjectException.class,
                MetaException.class);
    }

    public static HmsFailure noPackage(String database, String pack) {
        return HmsFailure.of(
                "HPL/SQL package " + database + "." + pack + " does not exist",
                NoSuchObjectException.class,
                MetaException.class);
    }

    /** A create in a database that does not exist (ObjectStore's words, names lower-case). */
    public static HmsFailure noDatabase(String catalog, String database) {
        return HmsFailure.of(
                "There is no database " + catalog + "." + database, NoSuchObjectException.class, MetaException.class);
    }
}
