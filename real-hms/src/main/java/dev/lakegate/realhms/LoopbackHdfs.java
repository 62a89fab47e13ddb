package dev.lakegate.realhms;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A real HDFS for tests: Hadoop's MiniDFSCluster (a NameNode and a DataNode in the test's JVM) in a
 * folder of the test's, every port on loopback and picked free. Here rather than in a Lakegate module's
 * test-jar, so that the catalog server's tests, the facade's and the engine tests (which may depend on no
 * Lakegate module but this one) start the same one. Hadoop is a provided dependency of this module: a
 * caller puts {@code hadoop-client-minicluster} (and log4j 1, which it logs through) on its classpath.
 */
public final class LoopbackHdfs implements AutoCloseable {

    private final MiniDFSCluster cluster;

    private LoopbackHdfs(MiniDFSCluster cluster) {
        this.cluster = cluster;
    }

    public static LoopbackHdfs start(Path folder) throws IOException {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, folder.toString());
        for (String address : new String[] {
            "dfs.namenode.rpc-address",
            "dfs.namenode.http-address",
            "dfs.datanode.address",
            "dfs.datanode.http.address",
            "dfs.datanode.ipc.address"
        }) {
            conf.set(address, "127.0.0.1:0");
        }
        MiniDFSCluster cluster =
                new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        cluster.waitActive();
        return new LoopbackHdfs(cluster);
    }

    /** {@code hdfs://127.0.0.1:<port>}: a location's root, with no trailing slash. */
    public String uri() {
        return "hdfs://127.0.0.1:" + cluster.getNameNodePort();
    }

    /** The cluster's client configuration (for the test's own reads and writes). */
    public Configuration conf() {
        return cluster.getConfiguration(0);
    }

    public FileSystem fileSystem() throws IOException {
        return cluster.getFileSystem();
    }

    @Override
    public void close() {
        cluster.shutdown();
    }
}
