/**
 * The HMS Thrift endpoint on Netty: {@link dev.lakegate.hms.server.ThriftServer}, which serves any
 * {@link org.apache.thrift.TProcessor} (in Lakegate, thrift-idl's {@code HmsProcessor}), and
 * {@link dev.lakegate.hms.server.ConnectionContext}, what a handler may know of its connection.
 *
 * <h2>A connection's pipeline</h2>
 * <pre>
 *   [SslHandler → TlsHandshakeGuard, with {@link dev.lakegate.hms.server.ThriftTls}]
 *   ReadGate → IdleTimeoutHandler → [SaslNegotiator ─(authenticated)→] ProtocolDetector
 *     ─(first bytes)→ FramedDecoder | UnframedDecoder → ConnectionHandler
 *                       (MessageScanner: Binary… | Compact…)
 * </pre>
 * The detector tells framed from unframed and binary from compact by peeking, installs the decoder
 * and the connection handler, and removes itself. Decoders copy each whole message out of Netty's
 * buffers into a {@link dev.lakegate.hms.server.ThriftRequest}, so nothing reference-counted leaves
 * the event loop. {@link dev.lakegate.hms.server.ConnectionHandler} runs the calls on the worker pool
 * through {@link dev.lakegate.hms.server.CallProcessor}, one at a time and in order per connection,
 * and writes each reply back (framed if the connection is).
 *
 * <h2>Limits</h2>
 * <ul>
 * <li>One maximum message size (HMS's {@code metastore.server.max.message.size}, 100 MiB) bounds a
 * frame's body, an unframed message, and each string and container length. A frame length above it
 * closes the connection when its four bytes arrive; an unframed message closes it as soon as the
 * scanner is sure the message is longer, so no more than the maximum plus one read is buffered.
 * <li>Per connection at most {@value dev.lakegate.hms.server.ConnectionHandler#PAUSE_AT} calls wait
 * before reading pauses (TCP then holds the client back).
 * <li>Request bytes read and not yet answered are bounded per connection (default the maximum
 * message size) and for the server (default an eighth of the heap): {@link
 * dev.lakegate.hms.server.ReadGate} stops reading a connection over either, and reads it again as
 * calls are answered; small calls go on while only large ones wait.
 * <li>When the worker pool and its queue are full, a call is answered
 * {@code TApplicationException(INTERNAL_ERROR, "server busy")}: the event loop never blocks.
 * </ul>
 *
 * <h2>SASL</h2>
 * With an authentication ({@code auth}: PLAIN, GSSAPI) the port takes SASL clients only: the
 * {@link dev.lakegate.hms.server.SaslNegotiator} runs libthrift's SASL negotiation (its steps on the
 * worker pool), sets the authenticated user on the channel and hands over to a detector of framed
 * messages (a SASL frame of the {@code auth} quality of protection is a 4-byte length and a message).
 *
 * <h2>Not here yet</h2>
 * SASL's {@code auth-int} and {@code auth-conf}; DIGEST-MD5 (delegation tokens). The HTTP
 * transport. Per-connection hooks for when a connection closes.
 */
package dev.lakegate.hms.server;
