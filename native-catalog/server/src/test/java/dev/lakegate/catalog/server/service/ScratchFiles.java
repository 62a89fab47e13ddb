package dev.lakegate.catalog.server.service;

import java.util.List;
import org.apache.iceberg.io.FileIO;

/**
 * Where a test's table files live: folders on one file system (this machine's, or a real HDFS), and
 * the FileIO that reads and writes them, so the Iceberg contracts run the same on each.
 */
public interface ScratchFiles {

    /** A new folder's location for {@code name}, unique to the call, without a trailing slash. */
    String newFolder(String name);

    FileIO io();

    /** The locations of the files directly in {@code folder}, sorted. */
    List<String> list(String folder);

    boolean exists(String location);

    void write(String location, String text);
}
