package dev.lakegate.hms.handler;

import java.lang.reflect.Method;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.transport.TSocket;

/**
 * Calls of methods that Hive 4.1's client lacks but an older release declared (4.0.0's
 * {@code create_dataconnector}, say), sent with that release's own generated args and result classes,
 * which thrift-idl carries: the result's success value is returned, its declared exception thrown.
 * Only bean accessors are used on those classes (thrift-idl README: their field-enum switches fail).
 */
final class OldFormCalls implements AutoCloseable {

    private static final String SERVICE = "org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore$";

    private final TSocket socket;
    private final TProtocol protocol;
    private int seqid;

    OldFormCalls(TSocket socket) {
        this.socket = socket;
        this.protocol = new TBinaryProtocol(socket);
    }

    /** Sends {@code method} with its args bean filled by {@code setters} (name, value pairs); answers success. */
    Object call(String method, Object... setters) throws Exception {
        TBase<?, ?> args = (TBase<?, ?>)
                Class.forName(SERVICE + method + "_args").getConstructor().newInstance();
        for (int i = 0; i < setters.length; i += 2) {
            setter(args, (String) setters[i]).invoke(args, setters[i + 1]);
        }
        protocol.writeMessageBegin(new TMessage(method, TMessageType.CALL, ++seqid));
        args.write(protocol);
        protocol.writeMessageEnd();
        protocol.getTransport().flush();

        TMessage reply = protocol.readMessageBegin();
        if (reply.type == TMessageType.EXCEPTION) {
            TApplicationException failure = TApplicationException.readFrom(protocol);
            protocol.readMessageEnd();
            throw failure;
        }
        TBase<?, ?> result = (TBase<?, ?>)
                Class.forName(SERVICE + method + "_result").getConstructor().newInstance();
        result.read(protocol);
        protocol.readMessageEnd();
        for (String exception : new String[] {"getO1", "getO2", "getO3", "getO4"}) {
            Object thrown = getter(result, exception);
            if (thrown != null) {
                throw (TException) thrown;
            }
        }
        return getter(result, "getSuccess");
    }

    private static Method setter(Object bean, String name) {
        for (Method method : bean.getClass().getMethods()) {
            if (method.getName().equalsIgnoreCase("set" + name) && method.getParameterCount() == 1) {
                return method;
            }
        }
        throw new IllegalArgumentException(bean.getClass().getSimpleName() + " has no field " + name);
    }

    private static Object getter(Object bean, String name) throws Exception {
        try {
            return bean.getClass().getMethod(name).invoke(bean);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    @Override
    public void close() {
        socket.close();
    }
}
