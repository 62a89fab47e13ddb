package dev.lakegate.enginetests.trino;

/**
 * The Trino server's main class, run in its child JVM on Java 25: what Trino's own launcher class does
 * ({@code io.trino.server.TrinoServer}, of the unpublished trino-server-main module) — a new
 * {@code io.trino.server.Server} started with the release's version. Reflection, because this class is built
 * for Java 17 and trino-main's classes are Java 25's; it runs only in the child, which has them.
 */
public final class TrinoServerMain {

    private TrinoServerMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: TrinoServerMain <trino version>");
        }
        Object server = Class.forName("io.trino.server.Server").getConstructor().newInstance();
        server.getClass().getMethod("start", String.class).invoke(server, args[0]);
    }
}
