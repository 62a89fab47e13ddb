package dev.lakegate.hms.idl;

import java.util.List;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.DataConnector;
import org.apache.hadoop.hive.metastore.api.Index;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.UnknownDBException;
import org.apache.thrift.TException;

/**
 * The HMS methods that clients of a served release call but that the base release's
 * {@code ThriftHiveMetastore.Iface} no longer declares.
 *
 * <p>Each signature is the one of the release its args/result classes are unpacked from (see
 * {@code hms-api-versions.properties}); {@code MethodSetTest} checks names, parameter and return
 * types and declared exceptions against that release's own {@code Iface}, so this file cannot drift.
 * Parameter names are the Thrift field names of the args struct: {@link LegacyMethods} reads the
 * arguments by those names.
 */
public interface LegacyIface {

    // Hive 2.3 to 4.0.0; 4.0.1 dropped it for get_table_req. Spark's Hive 2.3 client, Presto, Flink,
    // Hudi and Iceberg-in-Spark still call it.
    Table get_table(String dbname, String tbl_name) throws MetaException, NoSuchObjectException, TException;

    // Signature of Hive 2.3: it declares three exceptions that 3.x and 4.0.0 removed from the wire,
    // so a 2.3 client can be told UnknownDBException; 3.x/4.0 clients see any of them as a
    // TApplicationException, as they would from a real Hive 3/4 server.
    List<Table> get_table_objects_by_name(String dbname, List<String> tbl_names)
            throws MetaException, InvalidOperationException, UnknownDBException, TException;

    // Hive 4.0.0 only; 4.0.1 replaced them with the *_req methods.
    void create_dataconnector(DataConnector connector)
            throws AlreadyExistsException, InvalidObjectException, MetaException, TException;

    void drop_dataconnector(String name, boolean ifNotExists, boolean checkReferences)
            throws NoSuchObjectException, InvalidOperationException, MetaException, TException;

    void alter_dataconnector(String name, DataConnector connector)
            throws MetaException, NoSuchObjectException, TException;

    // Hive 2.3 only: Hive 3.0 removed indexes. Index is the 2.3 struct.
    Index add_index(Index new_index, Table index_table)
            throws InvalidObjectException, AlreadyExistsException, MetaException, TException;

    void alter_index(String dbname, String base_tbl_name, String idx_name, Index new_idx)
            throws InvalidOperationException, MetaException, TException;

    boolean drop_index_by_name(String db_name, String tbl_name, String index_name, boolean deleteData)
            throws NoSuchObjectException, MetaException, TException;

    Index get_index_by_name(String db_name, String tbl_name, String index_name)
            throws MetaException, NoSuchObjectException, TException;

    List<Index> get_indexes(String db_name, String tbl_name, short max_indexes)
            throws NoSuchObjectException, MetaException, TException;

    List<String> get_index_names(String db_name, String tbl_name, short max_indexes) throws MetaException, TException;
}
