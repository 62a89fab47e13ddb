package dev.lakegate.hms.server;

/**
 * How a connection delimits its messages. HMS clients use {@link #UNFRAMED} unless
 * {@code hive.metastore.thrift.framed.transport.enabled} is set; a server must take both, since it
 * cannot know how each client is configured.
 */
public enum Framing {
    /** Each message is preceded by its length as a 4-byte big-endian integer (TFramedTransport). */
    FRAMED,
    /** Messages follow each other on the socket; only parsing finds where one ends (TSocket). */
    UNFRAMED
}
