package dev.lakegate.launcher;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

/** One run of the {@code lakegate} command line in this JVM, with what it printed. */
record CommandRun(int exit, String out, String err) {

    static CommandRun of(String... argv) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Lakegate.commandLine(argv, Map.of())
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .execute(argv);
        return new CommandRun(exit, out.toString(), err.toString());
    }
}
