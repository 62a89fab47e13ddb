package dev.lakegate.hms.handler.files;

import static java.util.Objects.requireNonNull;

import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * The directories of a Hadoop FileSystem (HDFS, and whatever else Hadoop serves on the classpath), as
 * HMS itself reaches them: Hadoop's {@code Path} of the location as recorded, FileSystem instances from
 * Hadoop's cache.
 */
final class HadoopDirectories implements Directories {

    private final Configuration conf;

    HadoopDirectories(Configuration conf) {
        this.conf = requireNonNull(conf, "conf is null");
    }

    private FileSystem fileSystem(Path path) throws IOException {
        return path.getFileSystem(conf);
    }

    @Override
    public boolean exists(String location) throws IOException {
        Path path = new Path(location);
        return fileSystem(path).exists(path);
    }

    @Override
    public void create(String location) throws IOException {
        Path path = new Path(location);
        if (!fileSystem(path).mkdirs(path)) {
            throw new IOException("cannot create directory " + location);
        }
    }

    @Override
    public void delete(String location) throws IOException {
        Path path = new Path(location);
        FileSystem fs = fileSystem(path);
        if (fs.exists(path) && !fs.delete(path, true)) {
            throw new IOException("cannot delete " + location);
        }
    }

    @Override
    public void rename(String from, String to) throws IOException {
        Path source = new Path(from);
        Path target = new Path(to);
        FileSystem fs = fileSystem(source);
        if (!fs.exists(source)) {
            throw new FileNotFoundException("File " + from + " does not exist");
        }
        if (fs.exists(target)) {
            throw new IOException("Cannot rename the source path. The destination path already exists.");
        }
        if (!fs.rename(source, target)) {
            throw new IOException("cannot rename " + from + " to " + to);
        }
    }

    @Override
    public boolean isEmptyDirectory(String location) throws IOException {
        Path path = new Path(location);
        FileSystem fs = fileSystem(path);
        try {
            return fs.getFileStatus(path).isDirectory()
                    && !fs.listStatusIterator(path).hasNext();
        } catch (FileNotFoundException e) {
            return false;
        }
    }

    @Override
    public QuickStats quickStats(String location) throws IOException {
        Path root = new Path(location);
        FileSystem fs = fileSystem(root);
        if (!fs.exists(root)) {
            return new QuickStats(0, 0);
        }
        long[] counts = new long[2];
        walk(fs, fs.getFileStatus(root), counts);
        return new QuickStats(counts[0], counts[1]);
    }

    private static void walk(FileSystem fs, FileStatus status, long[] counts) throws IOException {
        if (!status.isDirectory()) {
            counts[0]++;
            counts[1] += status.getLen();
            return;
        }
        RemoteIterator<FileStatus> children = fs.listStatusIterator(status.getPath());
        while (children.hasNext()) {
            FileStatus child = children.next();
            if (!Hidden.name(child.getPath().getName())) {
                walk(fs, child, counts);
            }
        }
    }
}
