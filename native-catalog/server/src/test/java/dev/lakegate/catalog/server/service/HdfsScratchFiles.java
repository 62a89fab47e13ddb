package dev.lakegate.catalog.server.service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.iceberg.hadoop.HadoopFileIO;
import org.apache.iceberg.io.FileIO;

/** Scratch folders on a real HDFS, as {@code hdfs://} locations, read and written with Hadoop's client. */
final class HdfsScratchFiles implements ScratchFiles {

    private final String root;
    private final Configuration conf;
    private final HadoopFileIO io;

    HdfsScratchFiles(String root, Configuration conf) {
        this.root = root;
        this.conf = conf;
        this.io = new HadoopFileIO(conf);
    }

    @Override
    public String newFolder(String name) {
        return root + "/" + name + "-" + UUID.randomUUID();
    }

    @Override
    public FileIO io() {
        return io;
    }

    @Override
    public List<String> list(String folder) {
        try {
            Path path = new Path(folder);
            FileStatus[] files = path.getFileSystem(conf).listStatus(path);
            return Arrays.stream(files)
                    .map(file -> file.getPath().toString())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean exists(String location) {
        try {
            Path path = new Path(location);
            return path.getFileSystem(conf).exists(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void write(String location, String text) {
        Path path = new Path(location);
        try (FileSystem fs = FileSystem.newInstance(path.toUri(), conf);
                FSDataOutputStream out = fs.create(path)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
