package dev.lakegate.hms.server;

import org.apache.thrift.TException;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TProtocol;

/**
 * Decides, call by call, whether something other than the server's processor answers: Lakegate in
 * front of a running Hive Metastore forwards the calls of the databases that metastore still owns.
 */
public interface CallRouter {

    /**
     * Reads the call's arguments from {@code in} (positioned after the message header) and either
     * writes the whole reply to {@code out} and answers true, or answers false to let the processor
     * answer the call from its own copy of the request.
     */
    boolean answer(TMessage message, TProtocol in, TProtocol out) throws TException;
}
