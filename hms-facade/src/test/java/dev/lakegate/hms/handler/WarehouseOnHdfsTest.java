package dev.lakegate.hms.handler;

import dev.lakegate.hms.handler.files.WarehouseFiles;
import dev.lakegate.realhms.LoopbackHdfs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warehouse on a real HDFS (Hadoop's MiniDFSCluster in this JVM, on loopback): the directories of
 * managed databases, tables and partitions are made, moved, emptied and deleted there as HMS does with
 * a warehouse on HDFS, and a table's quick statistics are read from its files; the gateway knows the
 * NameNode only from the locations (no site files).
 */
class WarehouseOnHdfsTest implements WarehouseContract {

    @TempDir
    static Path data;

    static LoopbackHdfs hdfs;
    static FileSystem fs;
    static FacadeGateway gateway;
    static ThriftHiveMetastore.Client client;
    static String root;

    @BeforeAll
    static void start() throws Exception {
        hdfs = LoopbackHdfs.start(data.resolve("hdfs"));
        fs = hdfs.fileSystem();
        root = hdfs.uri() + "/warehouse";
        Warehouse warehouse = new Warehouse(root, WarehouseFiles.withHadoop(List.of(), Map.of()));
        gateway = FacadeGateway.create().warehouse(warehouse).start();
        client = gateway.client("alice");
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (hdfs != null) {
            hdfs.close();
        }
    }

    @Override
    public ThriftHiveMetastore.Client client() {
        return client;
    }

    @Override
    public String root() {
        return root;
    }

    @Override
    public boolean exists(String location) throws Exception {
        return fs.exists(new org.apache.hadoop.fs.Path(location));
    }

    @Override
    public void write(String location, String text) throws Exception {
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(location))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Override
    public void makeDirectory(String location) throws Exception {
        fs.mkdirs(new org.apache.hadoop.fs.Path(location));
    }

    @Override
    public boolean isEmptyDirectory(String location) throws Exception {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(location);
        return fs.getFileStatus(path).isDirectory() && fs.listStatus(path).length == 0;
    }
}
