package dev.lakegate.conformance.diff;

import java.util.Collection;
import java.util.Map;

/**
 * Every deliberate difference between Lakegate and the real Hive Metastore, and why. The real HMS is the
 * oracle: a difference that no entry here explains fails the scenario. An entry explains only the
 * differences its predicate accepts, and each use is written to the deviation report (never silently
 * skipped). Add an entry only with its reason, and only for a difference we choose to keep.
 */
public enum Deviation {

    /**
     * Lakegate serves the union of the HMS method sets of 2.3, 3.1 and 4.x. A method the reference release
     * lacks (4.0.1 dropped {@code get_table} and {@code get_table_objects_by_name}) fails there with
     * {@code TApplicationException} "Invalid method name" and answers on Lakegate.
     */
    SERVES_THE_METHOD_UNION("old and new clients alike must find the calls they make: Spark and Presto still "
            + "call get_table, which HMS 4.0.1 dropped") {
        @Override
        public boolean explains(Difference d) {
            return Difference.EXCEPTION.equals(d.path())
                    && String.valueOf(d.reference()).startsWith("TApplicationException: Invalid method name")
                    && Difference.VALUE.equals(d.candidate());
        }
    },

    /**
     * Lakegate never leaves a collection unset where HMS may (parameters, partition keys, columns, serde
     * parameters): it sends it empty.
     */
    NO_NULL_COLLECTIONS("clients iterate these collections without a null check; an empty one means the same "
            + "to every client that copes with null") {
        @Override
        public boolean explains(Difference d) {
            return d.reference() == Difference.ABSENT && isEmptyCollection(d.candidate());
        }
    },

    /**
     * A schema of the registry created in a database that does not exist: HMS answers NoSuchObjectException,
     * which Hive 3.1's generated create_ischema result declares without a field id (-1), so a 3.1 client skips
     * it and reads the failed create as a success (thrift-idl README). Lakegate answers a MetaException with
     * HMS's words, which every release reads.
     */
    SCHEMA_OF_A_MISSING_DATABASE_AS_META_EXCEPTION("a 3.1 client must not take a create that failed for one "
            + "that succeeded; MetaException is declared, with one id, by every release") {
        @Override
        public boolean explains(Difference d) {
            String reference = String.valueOf(d.reference());
            String candidate = String.valueOf(d.candidate());
            return Difference.EXCEPTION.equals(d.path())
                    && reference.startsWith("NoSuchObjectException: There is no database ")
                    && candidate.equals("MetaException: " + reference.substring("NoSuchObjectException: ".length()));
        }
    },

    /**
     * HMS throws some failures as an exception the method does not declare (ObjectStore's
     * InvalidObjectException out of add_primary_key and the other add_* calls, and out of
     * drop_constraint); its Thrift processor turns them into TApplicationException "Internal error
     * processing <method>", and the client loses the message (3.1.3's processor closes the connection instead
     * for drop_ischema of a schema that has versions). Lakegate answers the method's declared exception
     * (MetaException, NoSuchObjectException for a constraint that does not exist, InvalidOperationException
     * for that schema) with the message HMS's handler or store wrote.
     */
    DECLARED_NOT_INTERNAL_ERROR("a client cannot tell an internal error from bad input, and Lakegate's "
            + "failures are declared ones (docs/architecture.md, the error seam); the message says what was wrong") {
        @Override
        public boolean explains(Difference d) {
            String reference = String.valueOf(d.reference());
            String candidate = String.valueOf(d.candidate());
            return Difference.EXCEPTION.equals(d.path())
                    && (reference.startsWith("TApplicationException: Internal error processing ")
                            || (reference.startsWith("TTransportException") && candidate.startsWith("Invalid")))
                    && (candidate.startsWith("MetaException: ")
                            || candidate.startsWith("NoSuchObjectException: ")
                            || candidate.startsWith("InvalidOperationException: "));
        }
    },

    /**
     * HMS 3.1.3 and 4.0.1 add a default or check constraint on a column the table does not have (their
     * store checks the columns of keys and not-null constraints only); Lakegate refuses it as it refuses
     * the other kinds: MetaException "Parent column not found: <column>".
     */
    CONSTRAINT_ON_A_MISSING_COLUMN("a constraint on a column that does not exist constrains nothing and "
            + "breaks engines that resolve it; the catalog keeps only constraints on the table's columns") {
        @Override
        public boolean explains(Difference d) {
            return Difference.EXCEPTION.equals(d.path())
                    && Difference.VALUE.equals(d.reference())
                    && String.valueOf(d.candidate()).startsWith("MetaException: Parent column not found: ");
        }
    },

    /**
     * HMS 3.1.3 and 4.0.1 accept a foreign key that references a unique key, but get_foreign_keys and
     * get_all_table_constraints never return it (their read looks for the parent's primary key).
     * Lakegate returns it, with the unique key's name as {@code pk_name}. Scenarios read it from each
     * target alone; no comparison lets an extra foreign key through.
     */
    FOREIGN_KEYS_TO_UNIQUE_KEYS_ARE_READ("a key that was accepted and is not read back misleads every "
            + "planner and DESCRIBE; Hive itself declares such keys") {
        @Override
        public boolean explains(Difference d) {
            return false;
        }
    },

    /**
     * Lakegate words "not found" errors as HMS 4 does ({@code database hive.<db>}) for every client; HMS
     * 3.1.3 says the bare name. Only against a 3.x reference, and only that rewording.
     */
    HIVE4_NOT_FOUND_MESSAGES("Lakegate serves one behaviour, the newest HMS's, to every client; clients branch "
            + "on the exception type (NoSuchObjectException, InvalidObjectException), never on this text") {
        @Override
        public boolean explains(Difference d) {
            return !referenceIsHive4()
                    && Difference.MESSAGE.equals(d.path())
                    && String.valueOf(d.candidate())
                            .matches("database [a-z0-9_]+\\."
                                    + java.util.regex.Pattern.quote(String.valueOf(d.reference())));
        }
    },

    /**
     * Lakegate records the calling user as the owner of a database created without one, as HMS 4 does;
     * HMS 3.1.3 leaves the owner unset. Only against a 3.x reference.
     */
    HIVE4_RECORDS_THE_OWNER("as HMS 4: an object always has an owner, the authenticated caller unless the "
            + "client named one; no client relies on a database having none") {
        @Override
        public boolean explains(Difference d) {
            return !referenceIsHive4()
                    && (d.path().equals("ownerName") || d.path().endsWith(".ownerName"))
                    && d.reference() == Difference.ABSENT
                    && String.valueOf(d.candidate()).equals(System.getProperty("user.name"));
        }
    },

    /**
     * set_aggr_stats_for naming a partition that does not exist: Lakegate writes the others and answers
     * true, as HMS 4.0.1's batched update does; HMS 3.1.3 fails the call (NoSuchObjectException) and
     * writes none. Only against a 3.x reference.
     */
    HIVE4_PASSES_OVER_MISSING_PARTITIONS_IN_STATISTICS("Lakegate serves one behaviour, the newest HMS's, to "
            + "every client: an ANALYZE whose partition was dropped meanwhile keeps the statistics of the others") {
        @Override
        public boolean explains(Difference d) {
            return !referenceIsHive4()
                    && Difference.EXCEPTION.equals(d.path())
                    && "NoSuchObjectException: Partition for which stats is gathered doesn't exist."
                            .equals(String.valueOf(d.reference()))
                    && Difference.VALUE.equals(d.candidate());
        }
    },

    /**
     * Lakegate honours {@code expected_parameter_key/value} in {@code alter_table}'s environment context for
     * every client: a stale commit fails as HMS 4 fails it. HMS 3.1.3 ignores them and applies the stale
     * commit over the newer one. Only against a 3.x reference.
     */
    COMPARE_AND_SWAP_FOR_EVERY_CLIENT("a lost update of metadata_location loses an Iceberg commit; Lakegate never "
            + "applies a commit whose expectation failed, whichever client sent it") {
        @Override
        public boolean explains(Difference d) {
            return !referenceIsHive4()
                    && Difference.EXCEPTION.equals(d.path())
                    && Difference.VALUE.equals(d.reference())
                    && String.valueOf(d.candidate()).startsWith("MetaException: The table has been modified.");
        }
    },

    /**
     * Lakegate counts the quick statistics of a table or partition as HMS 4 does, which adds
     * {@code numFilesErasureCoded} (always 0 outside HDFS erasure coding); HMS 3.1.3 counts only files and
     * bytes. Only against a 3.x reference, and only that parameter at 0.
     */
    HIVE4_COUNTS_ERASURE_CODED_FILES("the newest HMS's statistics for every client; a 3.1 client reads the "
            + "parameter as an unknown one and keeps it") {
        @Override
        public boolean explains(Difference d) {
            return !referenceIsHive4()
                    && d.path().endsWith("parameters.numFilesErasureCoded")
                    && d.reference() == Difference.ABSENT
                    && "0".equals(String.valueOf(d.candidate()));
        }
    },

    /**
     * Lakegate keeps columns typed and writes a type back in Hive's canonical spelling: no blanks after
     * commas and colons, {@code decimal} with its default precision and scale, {@code decimal(10,0)}. HMS
     * keeps the text as sent. Only these spellings of the same type.
     */
    CANONICAL_TYPE_SPELLING("the native catalog holds a column's type, not its text, so that lake readers and "
            + "Hive-era ones see one schema; Hive's type parser reads both spellings as the same type") {
        @Override
        public boolean explains(Difference d) {
            if (!(d.path().equals("type") || d.path().endsWith(".type"))
                    || !(d.reference() instanceof String reference)
                    || !(d.candidate() instanceof String candidate)) {
                return false;
            }
            String canonical =
                    reference.replaceAll("\\s*([,:<>()])\\s*", "$1").replaceAll("\\bdecimal(?!\\()", "decimal(10,0)");
            return canonical.equals(candidate);
        }
    },

    /**
     * Lakegate names the catalog ({@code hive}) in every struct that has the field, as HMS 4; 3.1.3 leaves some
     * unset.
     */
    HIVE4_NAMES_THE_CATALOG("as HMS 4: every object says which catalog it is in; a client that does not know "
            + "catalogs ignores the field") {
        @Override
        public boolean explains(Difference d) {
            return !referenceIsHive4()
                    && (d.path().equals("catName") || d.path().endsWith(".catName"))
                    && d.reference() == Difference.ABSENT
                    && "hive".equals(String.valueOf(d.candidate()));
        }
    },

    /**
     * A filter that does not parse is a MetaException "Error parsing partition filter" on both; the rest of
     * the text is the parser's own description of where it stopped, which differs between HMS releases too.
     */
    FILTER_PARSE_ERROR_DETAIL("clients show the message and branch on nothing in it; the grammar's token names "
            + "are the parser's, not part of the API") {
        @Override
        public boolean explains(Difference d) {
            String prefix = "Error parsing partition filter";
            return Difference.MESSAGE.equals(d.path())
                    && String.valueOf(d.reference()).startsWith(prefix)
                    && String.valueOf(d.candidate()).startsWith(prefix);
        }
    },

    /**
     * A workload mapping created twice (create_or_update_wm_mapping without update): HMS 4.0.1's store has no
     * check of its own and fails on its table's unique key, answering a MetaException that carries the JDO
     * insert statement and Derby's constraint text. Lakegate answers a MetaException too, saying which mapping
     * exists.
     */
    SAYS_WHICH_MAPPING_EXISTS("the exception kind is HMS's, the one clients branch on; the store's text names "
            + "HMS's tables and SQL, not the mapping") {
        @Override
        public boolean explains(Difference d) {
            return Difference.MESSAGE.equals(d.path())
                    && String.valueOf(d.reference()).contains("UNIQUE_WM_MAPPING")
                    && String.valueOf(d.candidate()).startsWith("Mapping already exists: ");
        }
    },

    /**
     * A value longer than HMS's store column (a database description over 4,000 characters) is a
     * MetaException on both: HMS's message is its JDO store's ("Attempt to store value … that has maximum
     * length of 4000"), Lakegate refuses the value before any work and names the limit and how to set it.
     */
    LIMIT_WORDING("clients show the message and branch on the exception type; the store's wording names a "
            + "column of HMS's schema, the gateway's names the setting that bounds it") {
        @Override
        public boolean explains(Difference d) {
            return Difference.MESSAGE.equals(d.path())
                    && String.valueOf(d.reference())
                            .matches("(?s).*Attempt to store value .* that has maximum length " + "of \\d+.*")
                    && String.valueOf(d.candidate())
                            .matches("(?s).* the limit [a-z-]+ is \\d+ \\(lakegate serve --limit .*");
        }
    },

    /**
     * Where HMS fails on a fault of its own code for a request it cannot serve (a partition listing
     * without names, a table that does not exist for get_partition_values, no keys to list values of),
     * its answer is a MetaException carrying the Java exception's text ({@code java.lang.NullPointerException:
     * Cannot invoke …}), an internal error, or (3.1.3) a closed connection. Lakegate answers the method's
     * MetaException saying what is wrong with the request. Only those HMS answers, and only against
     * Lakegate's MetaException.
     */
    NO_INTERNAL_FAULTS("the gateway never answers a fault of its own for a bad request (docs/architecture.md, the "
            + "error seam); clients see a failed call either way, and HMS's text names its own classes") {
        @Override
        public boolean explains(Difference d) {
            String reference = String.valueOf(d.reference());
            String candidate = String.valueOf(d.candidate());
            boolean javaFault = Difference.MESSAGE.equals(d.path())
                    && reference.contains("java.lang.NullPointerException")
                    && !candidate.contains("Exception");
            boolean internalError = Difference.EXCEPTION.equals(d.path())
                    && (reference.startsWith("TApplicationException: Internal error processing")
                            || reference.startsWith("TTransportException"))
                    && candidate.startsWith("MetaException: ");
            return javaFault || internalError;
        }
    },
    /**
     * {@code fire_listener_event} declares no exception, so HMS's Thrift processor answers any failure of an
     * insert event (a missing table or partition, values for a table without partition keys) with
     * TApplicationException "Internal error processing fire_listener_event". Lakegate answers the same
     * exception kind with words saying what was missing. Only that method, only that pair.
     */
    SAYS_WHY_AN_INSERT_EVENT_FAILED("the exception kind is the one a client can branch on, and it is HMS's; the "
            + "message says which object was missing instead of nothing") {
        @Override
        public boolean explains(Difference d) {
            // the same exception class (TApplicationException) on both sides: only the messages differ
            return Difference.MESSAGE.equals(d.path())
                    && "Internal error processing fire_listener_event".equals(String.valueOf(d.reference()))
                    && !String.valueOf(d.candidate()).contains("Internal error processing");
        }
    },
    /**
     * {@code clear_file_metadata}: HMS's relational store throws UnsupportedOperationException on it (the
     * file metadata cache is off there), which HMS 4.0.1 answers as "Internal error processing
     * clear_file_metadata" and 3.1.3 by closing the connection (a TTransportException, whose text depends on
     * the client's Thrift). Lakegate keeps no file metadata and answers
     * the clear as done. The method declares no exception a client could branch on. Only that pair.
     */
    CLEARS_FILE_METADATA_IT_DOES_NOT_KEEP("emptying a cache that keeps nothing succeeds; a fault (or a closed "
            + "connection) for it would be Lakegate failing on a valid request") {
        @Override
        public boolean explains(Difference d) {
            String reference = String.valueOf(d.reference());
            return Difference.EXCEPTION.equals(d.path())
                    && Difference.VALUE.equals(d.candidate())
                    && (reference.equals("TApplicationException: Internal error processing clear_file_metadata")
                            || reference.startsWith("TTransportException"));
        }
    },
    /**
     * A partition added at a location of a file system HMS has none for: HMS 4.0.1 wraps the message it gives
     * for databases and tables in an IOException's ("java.io.IOException: Got exception: …"); 3.1.3 gives that
     * same message for all three, and so does Lakegate. Only that wrapping.
     */
    ONE_MESSAGE_FOR_AN_UNKNOWN_FILE_SYSTEM("one refusal, one message, whatever object names the location") {
        @Override
        public boolean explains(Difference d) {
            String candidate = String.valueOf(d.candidate());
            return Difference.MESSAGE.equals(d.path())
                    && candidate.contains("UnsupportedFileSystemException")
                    && String.valueOf(d.reference()).equals("java.io.IOException: " + candidate);
        }
    },
    /**
     * An {@code alter_table} renaming a table to the empty name: HMS 3.1.3 refuses it as it refuses any invalid
     * name (InvalidOperationException " is not a valid object name"); HMS 4.0.1 gets further and fails making
     * the new directory's path (MetaException "java.lang.IllegalArgumentException: Can not create a Path from
     * an empty string"). Lakegate answers as 3.1.3, for every client. Only that pair.
     */
    HIVE4_RENAME_TO_AN_EMPTY_NAME("the name is what is wrong, and the validation's answer says so; HMS 4's is a "
            + "fault of its path code") {
        @Override
        public boolean explains(Difference d) {
            return Difference.EXCEPTION.equals(d.path())
                    && "MetaException: java.lang.IllegalArgumentException: Can not create a Path from an empty string"
                            .equals(String.valueOf(d.reference()))
                    && "InvalidOperationException:  is not a valid object name".equals(String.valueOf(d.candidate()));
        }
    },

    /**
     * An {@code alter_partition} whose partition names another table or database: HMS 4.0.1 refuses it
     * before writing (ObjectStore.alterPartitions: MetaException "Invalid table name : …" / "Invalid DB name :
     * …"), HMS 3.1.3 when its transaction fails to commit (MetaException "The transaction for alter partition
     * did not commit successfully."). Lakegate answers as 4.0.1. Only against a 3.x reference.
     */
    HIVE3_ALTER_PARTITION_OF_ANOTHER_TABLE("one behaviour, the newest HMS's, for every client; both refuse the "
            + "call with a MetaException and change nothing") {
        @Override
        public boolean explains(Difference d) {
            return !referenceIsHive4()
                    && Difference.MESSAGE.equals(d.path())
                    && String.valueOf(d.reference())
                            .endsWith("The transaction for alter partition did not commit successfully.")
                    && String.valueOf(d.candidate()).matches("(?s).*Invalid (table|DB) name : .*");
        }
    },

    /**
     * A table without a database name: HMS 4.0.1 answers MetaException "Null database name is not allowed";
     * 3.1.3 fails on it with a NullPointerException wrapped in an InvalidObjectException ("null: Cannot invoke
     * …"). Lakegate answers as 4.0.1. Only against a 3.x reference.
     */
    HIVE4_NULL_DATABASE_NAME(
            "one behaviour, the newest HMS's, for every client; 3.1.3's is a fault of its " + "own code") {
        @Override
        public boolean explains(Difference d) {
            return !referenceIsHive4()
                    && Difference.EXCEPTION.equals(d.path())
                    && String.valueOf(d.reference()).startsWith("InvalidObjectException: null: Cannot invoke")
                    && "MetaException: Null database name is not allowed".equals(String.valueOf(d.candidate()));
        }
    },

    /**
     * The reference is the standalone HMS, whose expression proxy has no Hive query classes: every serialized
     * Hive expression it is sent fails with {@code java.lang.UnsupportedOperationException}. Lakegate reads
     * expressions with hive-exec as the HMS of a Hive installation does (its distribution ships hive-exec), so
     * bytes that are no expression fail with Hive's own deserialization message, in the same MetaException.
     */
    READS_EXPRESSIONS_AS_HIVE_S_HMS_DOES("Hive's engine prunes and drops partitions with expressions (the engine "
            + "tests run it against an HMS with hive-exec); the standalone server answers none of them") {
        @Override
        public boolean explains(Difference d) {
            return Difference.MESSAGE.equals(d.path())
                    && "java.lang.UnsupportedOperationException".equals(String.valueOf(d.reference()))
                    && String.valueOf(d.candidate()).startsWith("SerializationUtilities#");
        }
    },

    /**
     * get_partitions_pspec names the database of its spec in lower case, as HMS 4 does for every client;
     * HMS 3.1.3 names it as the client spelled it. Only against a 3.x reference, and only that spelling.
     */
    HIVE4_SPEC_NAMES_IN_LOWER_CASE("one behaviour, the newest HMS's, for every client; names are "
            + "case-insensitive and stored lower-case by both") {
        @Override
        public boolean explains(Difference d) {
            return !referenceIsHive4()
                    && (d.path().equals("dbName") || d.path().endsWith("].dbName"))
                    && d.reference() instanceof String reference
                    && reference.toLowerCase(java.util.Locale.ROOT).equals(d.candidate());
        }
    },
    /**
     * Lakegate words these partition errors as HMS 4 does for every client; HMS 3.1.3 words them otherwise
     * (same exception types). Only against a 3.x reference, and only these wordings.
     */
    HIVE4_PARTITION_MESSAGES("one behaviour, the newest HMS's, for every client; clients branch on the exception "
            + "type, never on this text") {
        @Override
        public boolean explains(Difference d) {
            if (referenceIsHive4() || !Difference.MESSAGE.equals(d.path())) {
                return false;
            }
            String candidate = String.valueOf(d.candidate());
            String reference = String.valueOf(d.reference());
            return candidate.matches("Unable to (get partition|add partitions) because hive\\.[^ ]+ does not exist")
                    || candidate.startsWith("Partition already exists: ")
                            && candidate
                                    .replaceFirst("^Partition already exists: ", "Partition already exists:")
                                    .equals(reference);
        }
    },

    /**
     * add_replication_metrics with a new record whose policy is over 256 characters, or with one new
     * scheduled execution id twice: HMS 4.0.1's store fails the insert and HMS answers a MetaException carrying
     * the store's words (DataNucleus's column check, Derby's duplicate key). Lakegate answers a MetaException
     * too, saying which policy limit or which execution id; nothing of the list is kept on either.
     */
    REPLICATION_METRICS_STORE_WORDING("the exception kind is HMS's, the one clients branch on; the store's text "
            + "names HMS's tables and columns, not the record that was wrong") {
        @Override
        public boolean explains(Difference d) {
            String reference = String.valueOf(d.reference());
            String candidate = String.valueOf(d.candidate());
            return Difference.MESSAGE.equals(d.path())
                    && ((reference.contains("in column \"RM_POLICY\" that has maximum length of 256")
                                    && candidate.equals("A replication policy has at most 256 characters"))
                            || (reference.contains("duplicate key value")
                                    && reference.contains("'REPLICATION_METRICS'")
                                    && candidate.matches("The list adds scheduled execution id -?\\d+ twice")));
        }
    },

    /**
     * seed_write_id of a table that numbers its writes already: HMS 4.0.1 inserts the table's NEXT_WRITE_ID row,
     * the insert fails on its unique key, and HMS answers a MetaException "Failed to execute function:
     * seedWriteId(request), details:" with the store's text (Spring's and PostgreSQL's). Lakegate answers the
     * same kind and the same beginning, its details saying the table numbers its write ids already, up to which.
     */
    SEED_STORE_WORDING("the exception kind is HMS's, the one clients branch on; the store's text names HMS's "
            + "table and index, not why the seed was refused") {
        @Override
        public boolean explains(Difference d) {
            String reference = String.valueOf(d.reference());
            String candidate = String.valueOf(d.candidate());
            int details = reference.indexOf("details:");
            return Difference.MESSAGE.equals(d.path())
                    && reference.startsWith("Failed to execute function: seedWriteId(")
                    && reference.contains("duplicate key value violates unique constraint \"NEXT_WRITE_ID_IDX\"")
                    && details > 0
                    && candidate.startsWith(reference.substring(0, details + "details:".length()))
                    && candidate.contains("numbers its write ids already");
        }
    },

    /**
     * get_replication_metrics selecting by the empty policy or by a negative scheduled execution id: HMS 4.0.1
     * answers a list whose records are unset, which its Thrift server cannot write, so it closes the
     * connection. Lakegate answers an empty list. Scenarios ask each target alone; no comparison lets a
     * list through where HMS failed.
     */
    EMPTY_LIST_WHERE_HMS_CLOSES_THE_CONNECTION("HMS means an empty selection and fails to send it; a closed "
            + "connection for a valid request would be Lakegate failing, and a client retrying it") {
        @Override
        public boolean explains(Difference d) {
            return false;
        }
    },

    /**
     * {@code open_txns} and {@code heartbeat_txn_range} declare no exception, so HMS's Thrift processor answers
     * a refused request (no transactions to open, a range that ends before it starts) with
     * TApplicationException "Internal error processing &lt;method&gt;". Lakegate answers the same exception kind
     * with words saying what was wrong. Only those methods, only the message.
     */
    SAYS_WHY_A_TRANSACTION_CALL_FAILED("the exception kind is HMS's, the one a client can branch on; the "
            + "message says what was wrong instead of nothing") {
        @Override
        public boolean explains(Difference d) {
            String reference = String.valueOf(d.reference());
            return Difference.MESSAGE.equals(d.path())
                    && (reference.equals("Internal error processing open_txns")
                            || reference.equals("Internal error processing heartbeat_txn_range")
                            || reference.equals("Internal error processing allocate_table_write_ids")
                            || reference.equals("Internal error processing get_valid_write_ids")
                            || reference.equals("Internal error processing seed_txn_id")
                            || reference.equals("Internal error processing commit_txn")
                            || reference.equals("Internal error processing repl_tbl_writeid_state")
                            || reference.equals("Internal error processing get_lock_materialization_rebuild")
                            || reference.equals("Internal error processing add_write_notification_log")
                            || reference.equals("Internal error processing add_write_notification_log_in_batch"))
                    && !String.valueOf(d.candidate()).contains("Internal error processing");
        }
    },

    /**
     * abort_txns logs an ABORT_TXN for each transaction it aborted, as HMS 4 does; HMS 3.1.3 logs one for every
     * id asked, also for those it did not abort (unknown, committed or aborted before). Only against a 3.x
     * reference, and only fewer ABORT_TXN events.
     */
    ABORT_EVENTS_FOR_ABORTED_TRANSACTIONS_ONLY("an event says what happened: a follower replaying an abort of a "
            + "transaction that never was, or that committed, would fail or undo a commit") {
        @Override
        public boolean explains(Difference d) {
            if (referenceIsHive4()) {
                return false;
            }
            if (d.path().equals("events.size()")) {
                return d.reference() instanceof Integer asked
                        && d.candidate() instanceof Integer logged
                        && logged < asked;
            }
            return d.path().startsWith("events[")
                    && String.valueOf(d.reference()).startsWith("ABORT_TXN ")
                    && String.valueOf(d.candidate()).startsWith("ABORT_TXN ");
        }
    },

    /**
     * An ALLOC_WRITE_ID_EVENT names its database and table in lower case, the names the write ids are kept
     * under; HMS 3.1.3 writes them as the client spelled them in allocate_table_write_ids (it keeps the ids
     * under the lower-case names too). Only those names, only that spelling.
     */
    WRITE_ID_EVENT_NAMES_IN_LOWER_CASE("the catalog records the table the ids belong to, by its stored name; names "
            + "are case-insensitive, and a follower that looks the table up finds it by either spelling") {
        @Override
        public boolean explains(Difference d) {
            return d.path().startsWith("allocation.")
                    && d.reference() instanceof String reference
                    && reference.toLowerCase(java.util.Locale.ROOT).equals(d.candidate());
        }
    },

    /**
     * Lakegate answers Hive's transaction calls as HMS 4.0.1 does, for every client. Against HMS 3.1.3 that
     * differs in three words and two answers: a retried commit of a committed transaction succeeds (3.1.3: "No
     * such transaction"), an abort of one says it "is already committed" and a heartbeat of one "No such txn"
     * (3.1.3: "No such transaction" for both), and a request for more than 1,000 transactions opens 1,000
     * ({@code metastore.txn.max.open.batch}; 3.1.3 opens them all).
     */
    TRANSACTIONS_AS_HMS_4("one behaviour, the newest HMS's, for every client; the exception types are the same "
            + "and a client asking for more than a batch opens again for the rest") {
        @Override
        public boolean explains(Difference d) {
            if (referenceIsHive4()) {
                return false;
            }
            String reference = String.valueOf(d.reference());
            String candidate = String.valueOf(d.candidate());
            if (Difference.MESSAGE.equals(d.path())) {
                return reference.matches("No such transaction txnid:\\d+")
                        && candidate.matches("Transaction txnid:\\d+ is already committed\\.|No such txn: \\d+");
            }
            if (Difference.EXCEPTION.equals(d.path())) {
                return reference.matches("NoSuchTxnException: No such transaction txnid:\\d+")
                        && Difference.VALUE.equals(candidate);
            }
            return d.path().endsWith("opened") && "1001".equals(reference) && "1000".equals(candidate);
        }
    },

    /**
     * {@code lock} in a committed transaction: HMS 4.0.1 grants it, and then nothing ever releases it (only a
     * transaction's commit or abort does, and that commit is past); HMS 3.1.3 refuses it with
     * NoSuchTxnException. Lakegate refuses it as 3.1.3 does, in 4.0.1's words for a committed transaction.
     */
    REFUSES_A_LOCK_IN_A_COMMITTED_TRANSACTION("a lock granted to a committed transaction would be held for ever; "
            + "a client is told its transaction is over instead") {
        @Override
        public boolean explains(Difference d) {
            return referenceIsHive4()
                    && Difference.EXCEPTION.equals(d.path())
                    && Difference.VALUE.equals(String.valueOf(d.reference()))
                    && String.valueOf(d.candidate())
                            .matches("NoSuchTxnException: Transaction txnid:\\d+ is already committed\\.");
        }
    },

    /**
     * HMS 4.0.1 checks a commit for write-write conflicts only when the client says its writers did not hold
     * exclusive write locks ({@code exclWriteEnabled} false); the field is true by default, so a client that
     * does not send it (every client before 4.0) gets no check, and two overlapping updaters both commit. HMS
     * 3.1.3 always checks. Lakegate skips the check only when the client says so: the second updater loses.
     */
    /**
     * HMS 3.1.3 releases the rebuild locks of materialized views a transaction holds at its commit; HMS 4.0.1
     * only at the commit of a MATER_VIEW_REBUILD transaction, and otherwise lets its housekeeping release them
     * once the transaction timeout has passed since their last heartbeat. Lakegate releases them at every commit.
     */
    REBUILD_LOCK_ENDS_WITH_ANY_COMMIT("a Hive 3 client cannot give its rebuild the MATER_VIEW_REBUILD type: HMS "
            + "4's rule would keep a rebuilt view locked, and the next rebuild refused, for the transaction timeout") {
        @Override
        public boolean explains(Difference d) {
            String prefix = AFTER_REBUILD_HOLDERS_COMMIT;
            return referenceIsHive4()
                    && (prefix + "lock id = txn id, NOT_ACQUIRED").equals(String.valueOf(d.reference()))
                    && (prefix + "lock id = txn id, ACQUIRED").equals(String.valueOf(d.candidate()));
        }
    },

    /** See {@link #LOST_REBUILD_LOCK_HEARTBEAT}. */
    ANSWERS_A_LOST_REBUILD_LOCK_WITH_FALSE("the method's answer is a boolean for this: HMS 3.1.3 gives false, and "
            + "a client learns the lock is lost without an internal error to tell from a broken server") {
        @Override
        public boolean explains(Difference d) {
            return referenceIsHive4()
                    && Difference.EXCEPTION.equals(d.path())
                    && ("TApplicationException: " + LOST_REBUILD_LOCK_HEARTBEAT).equals(String.valueOf(d.reference()))
                    && Difference.VALUE.equals(String.valueOf(d.candidate()));
        }
    },

    /**
     * HMS keeps what writers report of their writes (TXN_WRITE_NOTIFICATION_LOG) only through its transactional
     * DbNotificationListener, which the 4.0.1 reference runs without (no 4.0.x hcatalog listener is published), so
     * its get_all_write_event_info answers nothing; Lakegate, run with transaction events as HMS with that
     * listener, keeps them and answers them. Only against a 4.x reference, only the writes a scenario reads as
     * {@link #WRITE_EVENTS_KEPT}, only an empty list of the reference's.
     */
    KEEPS_WRITE_NOTIFICATIONS("replication dumps a committed transaction's writes from what is kept; the 4.0.1 "
            + "reference keeps nothing only for want of a published listener") {
        @Override
        public boolean explains(Difference d) {
            return referenceIsHive4()
                    && (WRITE_EVENTS_KEPT + ".size()").equals(d.path())
                    && Integer.valueOf(0).equals(d.reference());
        }
    },

    CHECKS_WRITE_CONFLICTS_UNLESS_TOLD_NOT_TO("a Hive 3 client takes shared write locks and relies on the check "
            + "at commit, as HMS 3 always makes it; without it one of two updates of a row is lost") {
        @Override
        public boolean explains(Difference d) {
            return referenceIsHive4()
                    && Difference.EXCEPTION.equals(d.path())
                    && Difference.VALUE.equals(String.valueOf(d.reference()))
                    && String.valueOf(d.candidate())
                            .matches("TxnAbortedException: Aborting \\[txnid:\\d+,\\d+\\] due to a write conflict .*");
        }
    };

    /**
     * HMS 4.0.1 answers a heartbeat of a rebuild lock the transaction does not hold with an internal error (its
     * update must change a row); HMS 3.1.3 answers false, as the method's boolean says. Lakegate answers false.
     */
    public static final String LOST_REBUILD_LOCK_HEARTBEAT =
            "Internal error processing heartbeat_lock_materialization_rebuild";

    /** How the write-notification scenario names the writes of a transaction it reads back. */
    public static final String WRITE_EVENTS_KEPT = "writeEventsKept";

    /** How the rebuild-lock scenario labels the step {@link #REBUILD_LOCK_ENDS_WITH_ANY_COMMIT} is about. */
    public static final String AFTER_REBUILD_HOLDERS_COMMIT =
            "the lock of a view after its holder's commit (a DEFAULT transaction): ";

    static boolean referenceIsHive4() {
        return dev.lakegate.conformance.targets.Targets.referenceServerVersion().startsWith("4.");
    }

    private final String reason;

    Deviation(String reason) {
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }

    /** Whether this deviation accounts for that difference (reference: the real HMS; candidate: Lakegate). */
    public abstract boolean explains(Difference d);

    static boolean isEmptyCollection(Object o) {
        return (o instanceof Collection<?> c && c.isEmpty()) || (o instanceof Map<?, ?> m && m.isEmpty());
    }
}
