package dev.lakegate.catalog.server.metadata;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;

/**
 * Iceberg's FileIO over this machine's file system, for {@code file:} locations and absolute paths:
 * what an embedded catalog with a local warehouse needs, without Hadoop. Object stores need their own
 * FileIO (iceberg-aws and the like), which the catalog does not carry yet.
 */
public final class LocalFileIO implements FileIO {

    /** Whether a location is one this FileIO can read: {@code file:...} or an absolute path. */
    public static boolean handles(String location) {
        return location.startsWith("file:") || location.startsWith("/");
    }

    public static Path path(String location) {
        if (location.startsWith("file:")) {
            try {
                return Path.of(
                        URI.create(location.startsWith("file://") ? location : "file://" + location.substring(5)));
            } catch (IllegalArgumentException e) {
                // A location with characters a URI does not take (blanks): Hive writes them unescaped.
                return Path.of(location.substring(location.startsWith("file://") ? 7 : 5));
            }
        }
        return Path.of(location);
    }

    @Override
    public InputFile newInputFile(String location) {
        return input(location, org.apache.iceberg.Files.localInput(file(location)));
    }

    @Override
    public OutputFile newOutputFile(String location) {
        File file = file(location);
        File parent = file.getParentFile();
        if (parent != null) {
            parent.mkdirs();
        }
        OutputFile local = org.apache.iceberg.Files.localOutput(file);
        return new OutputFile() {
            @Override
            public org.apache.iceberg.io.PositionOutputStream create() {
                return local.create();
            }

            @Override
            public org.apache.iceberg.io.PositionOutputStream createOrOverwrite() {
                return local.createOrOverwrite();
            }

            @Override
            public String location() {
                return location;
            }

            @Override
            public InputFile toInputFile() {
                return input(location, local.toInputFile());
            }
        };
    }

    /**
     * A local file that keeps the location it was asked for ({@code file:/...}): Iceberg writes that
     * location into metadata logs, which engines must be able to read back with their own FileIO.
     */
    private static InputFile input(String location, InputFile local) {
        return new InputFile() {
            @Override
            public long getLength() {
                return local.getLength();
            }

            @Override
            public org.apache.iceberg.io.SeekableInputStream newStream() {
                return local.newStream();
            }

            @Override
            public String location() {
                return location;
            }

            @Override
            public boolean exists() {
                return local.exists();
            }
        };
    }

    @Override
    public void deleteFile(String location) {
        try {
            Files.deleteIfExists(path(location));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + location, e);
        }
    }

    private static File file(String location) {
        return path(location).toFile();
    }
}
