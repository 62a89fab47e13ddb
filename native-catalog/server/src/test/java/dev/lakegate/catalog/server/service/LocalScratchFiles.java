package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.metadata.LocalFileIO;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.iceberg.io.FileIO;

/** Scratch folders on this machine's file system, as {@code file:} locations. */
public final class LocalScratchFiles implements ScratchFiles {

    private final Path root;
    private final LocalFileIO io = new LocalFileIO();

    public LocalScratchFiles(Path root) {
        this.root = root;
    }

    @Override
    public String newFolder(String name) {
        return root.resolve(name + "-" + UUID.randomUUID()).toUri().toString().replaceFirst("/$", "");
    }

    @Override
    public FileIO io() {
        return io;
    }

    @Override
    public List<String> list(String folder) {
        try (Stream<Path> files = Files.list(LocalFileIO.path(folder))) {
            return files.map(file -> file.toUri().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean exists(String location) {
        return Files.exists(LocalFileIO.path(location));
    }

    @Override
    public void write(String location, String text) {
        try {
            Path file = LocalFileIO.path(location);
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
