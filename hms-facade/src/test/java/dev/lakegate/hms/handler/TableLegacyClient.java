package dev.lakegate.hms.handler;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.UnknownDBException;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TList;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolUtil;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TSocket;

/**
 * The two table calls of Hive 2.3 clients (Spark, Presto, Flink) that the 4.1 client lacks:
 * {@code get_table} and {@code get_table_objects_by_name}, written and read field by field as the
 * generated Hive 2.3 code does (the 2.3 result of the latter declares o1 MetaException, o2
 * InvalidOperationException, o3 UnknownDBException).
 */
final class TableLegacyClient implements AutoCloseable {

    private final TSocket socket;
    private final TProtocol protocol;
    private int seqid;

    /** Over {@code socket}, open. */
    TableLegacyClient(TSocket socket) {
        this.socket = socket;
        protocol = new TBinaryProtocol(socket);
    }

    Table get_table(String db, String table) throws TException {
        begin("get_table");
        writeString(1, "dbname", db);
        writeString(2, "tbl_name", table);
        end();
        Table[] success = new Table[1];
        readResult(
                field -> {
                    success[0] = new Table();
                    success[0].read(protocol);
                },
                new MetaException(),
                new NoSuchObjectException());
        return success[0];
    }

    List<Table> get_table_objects_by_name(String db, List<String> tables) throws TException {
        begin("get_table_objects_by_name");
        writeString(1, "dbname", db);
        protocol.writeFieldBegin(new TField("tbl_names", TType.LIST, (short) 2));
        protocol.writeListBegin(new TList(TType.STRING, tables.size()));
        for (String table : tables) {
            protocol.writeString(table);
        }
        protocol.writeListEnd();
        protocol.writeFieldEnd();
        end();
        List<Table> success = new ArrayList<>();
        readResult(
                field -> {
                    TList list = protocol.readListBegin();
                    for (int i = 0; i < list.size; i++) {
                        Table table = new Table();
                        table.read(protocol);
                        success.add(table);
                    }
                    protocol.readListEnd();
                },
                new MetaException(),
                new InvalidOperationException(),
                new UnknownDBException());
        return success;
    }

    private void begin(String method) throws TException {
        protocol.writeMessageBegin(new TMessage(method, TMessageType.CALL, ++seqid));
        protocol.writeStructBegin(new TStruct(method + "_args"));
    }

    private void end() throws TException {
        protocol.writeFieldStop();
        protocol.writeStructEnd();
        protocol.writeMessageEnd();
        protocol.getTransport().flush();
    }

    private interface SuccessReader {
        void read(TField field) throws TException;
    }

    /** Reads a result struct: field 0 is the success, fields 1.. the declared exceptions, in order. */
    private void readResult(SuccessReader success, TBase<?, ?>... exceptions) throws TException {
        TMessage reply = protocol.readMessageBegin();
        if (reply.type == TMessageType.EXCEPTION) {
            TApplicationException error = TApplicationException.readFrom(protocol);
            protocol.readMessageEnd();
            throw error;
        }
        TException thrown = null;
        protocol.readStructBegin();
        for (TField field = protocol.readFieldBegin(); field.type != TType.STOP; field = protocol.readFieldBegin()) {
            if (field.id == 0) {
                success.read(field);
            } else if (field.id >= 1 && field.id <= exceptions.length && field.type == TType.STRUCT) {
                exceptions[field.id - 1].read(protocol);
                thrown = (TException) exceptions[field.id - 1];
            } else {
                TProtocolUtil.skip(protocol, field.type);
            }
            protocol.readFieldEnd();
        }
        protocol.readStructEnd();
        protocol.readMessageEnd();
        if (thrown != null) {
            throw thrown;
        }
    }

    private void writeString(int id, String name, String value) throws TException {
        protocol.writeFieldBegin(new TField(name, TType.STRING, (short) id));
        protocol.writeString(value);
        protocol.writeFieldEnd();
    }

    @Override
    public void close() {
        socket.close();
    }
}
