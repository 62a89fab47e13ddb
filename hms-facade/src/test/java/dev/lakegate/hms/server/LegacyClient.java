package dev.lakegate.hms.server;

import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolUtil;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;

/**
 * A client for {@code get_table}, which Hive 2.3 clients (Spark, Presto, Flink) call and the 4.1
 * client no longer has. Its generated args/result classes cannot be named from Java source (see
 * thrift-idl's LegacyMethods), so this writes {@code get_table_args} and reads
 * {@code get_table_result} field by field, as the generated code does.
 */
final class LegacyClient {

    private final TProtocol protocol;
    private int seqid;

    LegacyClient(TProtocol protocol) {
        this.protocol = protocol;
    }

    Table getTable(String db, String table) throws TException {
        protocol.writeMessageBegin(new TMessage("get_table", TMessageType.CALL, ++seqid));
        protocol.writeStructBegin(new TStruct("get_table_args"));
        writeString(1, "dbname", db);
        writeString(2, "tbl_name", table);
        protocol.writeFieldStop();
        protocol.writeStructEnd();
        protocol.writeMessageEnd();
        protocol.getTransport().flush();

        TMessage reply = protocol.readMessageBegin();
        if (reply.type == TMessageType.EXCEPTION) {
            TApplicationException error = TApplicationException.readFrom(protocol);
            protocol.readMessageEnd();
            throw error;
        }
        Table success = null;
        protocol.readStructBegin();
        for (TField field = protocol.readFieldBegin(); field.type != TType.STOP; field = protocol.readFieldBegin()) {
            if (field.id == 0 && field.type == TType.STRUCT) {
                success = new Table();
                success.read(protocol);
            } else {
                TProtocolUtil.skip(protocol, field.type);
            }
            protocol.readFieldEnd();
        }
        protocol.readStructEnd();
        protocol.readMessageEnd();
        if (success == null) {
            throw new TApplicationException(TApplicationException.MISSING_RESULT, "get_table failed");
        }
        return success;
    }

    private void writeString(int id, String name, String value) throws TException {
        protocol.writeFieldBegin(new TField(name, TType.STRING, (short) id));
        protocol.writeString(value);
        protocol.writeFieldEnd();
    }
}
