package dev.lakegate.bench.thrift;

import dev.lakegate.realhms.Loopback;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A loopback TCP proxy between one server under test and PostgreSQL that counts, on the wire, what each server
 * asks of the database: round trips (the frontend's Sync messages, and its simple Query messages that end what
 * the client sent: each a wait on the database) and commits (the backend's CommandComplete tagged COMMIT:
 * explicit transaction blocks that committed, read-only ones included). Both servers reach PostgreSQL through
 * its JDBC driver, so the counts mean the same for both, with nothing enabled in the database and no restart.
 * Optionally it also counts the statements executed, by text, to show where the round trips go.
 *
 * <p>SSL and GSS encryption requests are answered "no" by the proxy itself, so the stream stays readable.
 */
final class PostgresWire implements AutoCloseable {

    private static final int SSL_REQUEST = 80877103;
    private static final int GSS_REQUEST = 80877104;

    private final String upstreamHost;
    private final int upstreamPort;
    private final ServerSocket listener;
    private final boolean statements;
    private final AtomicLong roundTrips = new AtomicLong();
    private final AtomicLong commits = new AtomicLong();
    private final Map<String, LongAdder> executed = new ConcurrentHashMap<>();
    private final List<Socket> open = new ArrayList<>();

    /** What was counted up to a moment. */
    record Counts(long roundTrips, long commits, Map<String, Long> statements) {

        Counts minus(Counts before) {
            Map<String, Long> delta = new HashMap<>();
            statements.forEach((sql, n) -> {
                long d = n - before.statements.getOrDefault(sql, 0L);
                if (d > 0) {
                    delta.put(sql, d);
                }
            });
            return new Counts(roundTrips - before.roundTrips, commits - before.commits, delta);
        }
    }

    private PostgresWire(String upstreamHost, int upstreamPort, boolean statements) throws IOException {
        this.upstreamHost = upstreamHost;
        this.upstreamPort = upstreamPort;
        this.statements = statements;
        this.listener = new ServerSocket(0, 50, InetAddress.getByName(Loopback.HOST));
        Thread accept = new Thread(this::accept, "pg-wire-accept-" + listener.getLocalPort());
        accept.setDaemon(true);
        accept.start();
    }

    /** A proxy to the PostgreSQL of {@code jdbcUrl} ({@code jdbc:postgresql://host:port/db...}). */
    static PostgresWire in(String jdbcUrl, boolean statements) throws IOException {
        String rest = jdbcUrl.substring("jdbc:postgresql://".length());
        String hostPort = rest.substring(0, rest.indexOf('/'));
        int colon = hostPort.lastIndexOf(':');
        String host = colon < 0 ? hostPort : hostPort.substring(0, colon);
        int port = colon < 0 ? 5432 : Integer.parseInt(hostPort.substring(colon + 1));
        return new PostgresWire(host, port, statements);
    }

    /** {@code jdbcUrl} with its host and port replaced by this proxy's. */
    String through(String jdbcUrl) {
        String rest = jdbcUrl.substring("jdbc:postgresql://".length());
        return "jdbc:postgresql://" + Loopback.HOST + ":" + listener.getLocalPort() + rest.substring(rest.indexOf('/'));
    }

    Counts counts() {
        Map<String, Long> copy = new HashMap<>();
        executed.forEach((sql, n) -> copy.put(sql, n.sum()));
        return new Counts(roundTrips.get(), commits.get(), copy);
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // closing: nothing to do
        }
        synchronized (open) {
            open.forEach(PostgresWire::closeQuietly);
        }
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                client.setTcpNoDelay(true);
                Socket server = new Socket(upstreamHost, upstreamPort);
                server.setTcpNoDelay(true);
                synchronized (open) {
                    open.add(client);
                    open.add(server);
                }
                pump("pg-wire-front", () -> frontend(client, server), client, server);
                pump("pg-wire-back", () -> backend(server, client), client, server);
            } catch (IOException e) {
                // the listener closed, or the database refused: the server under test sees its connection fail
            }
        }
    }

    private interface Pump {
        void run() throws IOException;
    }

    private static void pump(String name, Pump pump, Socket a, Socket b) {
        Thread thread = new Thread(
                () -> {
                    try {
                        pump.run();
                    } catch (IOException e) {
                        // a side closed
                    } finally {
                        closeQuietly(a);
                        closeQuietly(b);
                    }
                },
                name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Client to database: the untyped start-up messages, then typed messages, each forwarded whole. */
    private void frontend(Socket client, Socket server) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(client.getInputStream(), 65536));
        OutputStream up = new BufferedOutputStream(server.getOutputStream(), 65536);
        OutputStream back = client.getOutputStream();
        while (true) {
            int length = in.readInt();
            byte[] body = in.readNBytes(length - 4);
            int code = body.length >= 4 ? ByteBuffer.wrap(body).getInt() : 0;
            if (code == SSL_REQUEST || code == GSS_REQUEST) {
                back.write('N');
                back.flush();
                continue;
            }
            writeInt(up, length);
            up.write(body);
            up.flush();
            break;
        }
        Map<String, String> prepared = new HashMap<>();
        forward(in, up, (type, body) -> {
            // A simple Query that more messages follow in the same burst is pipelined, not waited on: newer
            // drivers send a transaction's BEGIN so, ahead of its first statement.
            if (type == 'S' || (type == 'Q' && in.available() == 0)) {
                roundTrips.incrementAndGet();
            }
            if (statements) {
                countStatement(type, body, prepared);
            }
        });
    }

    private interface Seen {
        void message(int type, byte[] body) throws IOException;
    }

    /** Forwards typed messages whole, each shown to {@code seen} first; flushes when no more has arrived. */
    private static void forward(DataInputStream in, OutputStream out, Seen seen) throws IOException {
        while (true) {
            int type = in.read();
            if (type < 0) {
                throw new EOFException();
            }
            int length = in.readInt();
            byte[] body = in.readNBytes(length - 4);
            seen.message(type, body);
            out.write(type);
            writeInt(out, length);
            out.write(body);
            if (in.available() == 0) {
                out.flush();
            }
        }
    }

    /** Parse names a statement's text, Bind runs it (by name, once the driver prepared it on the server). */
    private void countStatement(int type, byte[] body, Map<String, String> prepared) {
        if (type == 'P') {
            int end = nul(body, 0);
            String name = text(body, 0, end);
            prepared.put(name, text(body, end + 1, nul(body, end + 1)));
        } else if (type == 'B') {
            int end = nul(body, 0);
            String name = text(body, end + 1, nul(body, end + 1));
            executed.computeIfAbsent(prepared.getOrDefault(name, "?"), k -> new LongAdder())
                    .increment();
        } else if (type == 'Q') {
            executed.computeIfAbsent("(simple) " + text(body, 0, nul(body, 0)), k -> new LongAdder())
                    .increment();
        }
    }

    /** Database to client: counts CommandComplete COMMIT, forwards every byte as it comes. */
    private void backend(Socket server, Socket client) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(server.getInputStream(), 65536));
        OutputStream down = new BufferedOutputStream(client.getOutputStream(), 65536);
        forward(in, down, (type, body) -> {
            if (type == 'C' && text(body, 0, nul(body, 0)).equals("COMMIT")) {
                commits.incrementAndGet();
            }
        });
    }

    private static int nul(byte[] body, int from) {
        int i = from;
        while (i < body.length && body[i] != 0) {
            i++;
        }
        return i;
    }

    private static String text(byte[] body, int from, int to) {
        return new String(body, from, Math.max(0, to - from), StandardCharsets.UTF_8);
    }

    private static void writeInt(OutputStream out, int value) throws IOException {
        out.write(value >>> 24);
        out.write(value >>> 16);
        out.write(value >>> 8);
        out.write(value);
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    /** For the progress log: what a phase executed per operation, most frequent first. */
    static List<String> perOperation(Counts delta, long operations, int top) {
        List<String> lines = new ArrayList<>();
        delta.statements().entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                .limit(top)
                .forEach(e -> lines.add(String.format(
                        Locale.ROOT,
                        "%6.2f/op  %s",
                        e.getValue() / (double) operations,
                        e.getKey().replaceAll("\\s+", " "))));
        return lines;
    }
}
