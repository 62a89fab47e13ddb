package dev.lakegate.catalog.server.authz;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The audit log: JSON lines appended to a file, each written and flushed whole before the call's answer leaves
 * (a line is never torn by another thread's). Without a file, records go nowhere. A write that fails is logged
 * once and the call goes on: the audit log must not take the catalog down with a full disk.
 */
public final class AuditLog implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(AuditLog.class);

    private final Optional<BufferedWriter> out;
    private boolean failed;

    private AuditLog(Optional<BufferedWriter> out) {
        this.out = out;
    }

    public static AuditLog none() {
        return new AuditLog(Optional.empty());
    }

    /** Appends to the file, made if missing. */
    public static AuditLog appendingTo(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            return new AuditLog(Optional.of(Files.newBufferedWriter(
                    file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the audit log " + file, e);
        }
    }

    public static AuditLog of(Optional<Path> file) {
        return file.map(AuditLog::appendingTo).orElseGet(AuditLog::none);
    }

    public void write(AuditRecord record) {
        if (out.isEmpty()) {
            return;
        }
        String line = record.json();
        synchronized (this) {
            try {
                BufferedWriter writer = out.get();
                writer.write(line);
                writer.newLine();
                writer.flush();
                failed = false;
            } catch (IOException e) {
                if (!failed) {
                    log.error("cannot write the audit log", e);
                }
                failed = true;
            }
        }
    }

    @Override
    public synchronized void close() {
        if (out.isPresent()) {
            try {
                out.get().close();
            } catch (IOException e) {
                log.warn("cannot close the audit log", e);
            }
        }
    }
}
