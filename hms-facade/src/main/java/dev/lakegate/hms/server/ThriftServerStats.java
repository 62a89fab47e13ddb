package dev.lakegate.hms.server;

/**
 * A snapshot of the server's counters.
 *
 * @param openConnections connections accepted and not yet closed
 * @param acceptedConnections connections accepted since start
 * @param callsInFlight calls handed to a worker and not yet answered
 * @param callsCompleted calls that ran to a reply (or to the end of a oneway call)
 * @param busyRejections calls answered "server busy" because the worker pool and its queue were full
 * @param protocolViolations connections closed for bytes that are not a Thrift call within the limits
 * @param idleCloses connections closed after the idle timeout
 * @param unreadReplyCloses connections closed because their client read none of its waiting replies for
 *     the reply-read timeout
 * @param inFlightBytes request bytes read and not yet answered, over every connection
 * @param peakInFlightBytes the most request bytes ever held at once
 * @param inFlightLimit the server's bound on {@code inFlightBytes} (connections above a small
 *     allowance stop reading while it is reached)
 * @param tlsHandshakeFailures connections closed because their TLS handshake failed (a plaintext client
 *     on a TLS port, a client that trusts another CA, no handshake in time)
 */
public record ThriftServerStats(
        long openConnections,
        long acceptedConnections,
        long callsInFlight,
        long callsCompleted,
        long busyRejections,
        long protocolViolations,
        long idleCloses,
        long unreadReplyCloses,
        long inFlightBytes,
        long peakInFlightBytes,
        long inFlightLimit,
        long tlsHandshakeFailures) {}
