package dev.lakegate.hms.handler.files;

import java.io.IOException;

/**
 * What HMS does with the directories of one file system, on locations as HMS records them: made with
 * their parents, deleted with everything below them, renamed, counted for a table's quick statistics.
 */
public interface Directories {

    /** The number of files and their total size below a location, hidden ones ({@code _}, {@code .}) left out. */
    record QuickStats(long files, long bytes) {}

    boolean exists(String location) throws IOException;

    /** Makes the directory and its parents; an existing directory is fine. */
    void create(String location) throws IOException;

    /** Deletes the location with everything below it; a missing one is fine. */
    void delete(String location) throws IOException;

    /** Renames {@code from} to {@code to}, whose parent exists and which itself does not. */
    void rename(String from, String to) throws IOException;

    /** Whether the location is a directory with nothing in it. */
    boolean isEmptyDirectory(String location) throws IOException;

    /** HMS's FileUtils.getFileStatusRecurse over the location: a missing location has no files. */
    QuickStats quickStats(String location) throws IOException;
}
