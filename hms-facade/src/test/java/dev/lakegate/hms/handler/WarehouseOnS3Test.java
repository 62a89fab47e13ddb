package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.TableTestSupport.database;
import static dev.lakegate.hms.handler.TableTestSupport.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.hms.handler.files.WarehouseFiles;
import dev.lakegate.storage.testing.LoopbackS3;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The warehouse on a real S3-compatible server (S3Mock in a child JVM, on loopback), at {@code s3a://}
 * locations as HMS records them with S3A: the "directories" of managed databases, tables and partitions
 * (key prefixes, with S3A's empty marker objects) are made, moved, emptied and deleted there as HMS does,
 * and a table's quick statistics are read from its objects.
 */
class WarehouseOnS3Test implements WarehouseContract {

    private static final String BUCKET = "warehouse";

    @TempDir
    static Path data;

    static LoopbackS3 s3;
    static S3Client objects;
    static FacadeGateway gateway;
    static ThriftHiveMetastore.Client client;
    static String root;

    @BeforeAll
    static void start() throws Exception {
        s3 = LoopbackS3.start(data.resolve("s3"), BUCKET);
        objects = s3.client();
        root = "s3a://" + BUCKET + "/hive";
        Warehouse warehouse = new Warehouse(root, WarehouseFiles.withHadoopAndS3(List.of(), Map.of(), s3.client()));
        gateway = FacadeGateway.create().warehouse(warehouse).start();
        client = gateway.client("alice");
    }

    @AfterAll
    static void stop() throws Exception {
        if (gateway != null) {
            gateway.close();
        }
        if (objects != null) {
            objects.close();
        }
        if (s3 != null) {
            s3.close();
        }
    }

    private static String key(String location) {
        return location.substring(("s3a://" + BUCKET + "/").length());
    }

    /** The keys at or below a location, as the test's own client lists them. */
    private static List<String> keysBelow(String location) {
        return objects
                .listObjectsV2Paginator(request -> request.bucket(BUCKET).prefix(key(location)))
                .contents()
                .stream()
                .map(S3Object::key)
                .filter(key -> key.equals(key(location)) || key.startsWith(key(location) + "/"))
                .sorted()
                .toList();
    }

    @Override
    public ThriftHiveMetastore.Client client() {
        return client;
    }

    @Override
    public String root() {
        return root;
    }

    /** As S3A sees a directory: its marker or any object below it. */
    @Override
    public boolean exists(String location) {
        return !keysBelow(location).isEmpty();
    }

    @Override
    public void write(String location, String text) {
        objects.putObject(request -> request.bucket(BUCKET).key(key(location)), RequestBody.fromString(text));
    }

    /** As S3A's mkdirs: an empty marker object. */
    @Override
    public void makeDirectory(String location) {
        write(location + "/", "");
    }

    /** Only its marker left. */
    @Override
    public boolean isEmptyDirectory(String location) {
        return keysBelow(location).equals(List.of(key(location) + "/"));
    }

    @Test
    void directoriesAreS3aMarkersAndMoveWithEveryObjectBelowThem() throws Exception {
        client.create_database(database("marked"));
        assertThat(keysBelow(root + "/marked.db")).containsExactly("hive/marked.db/");
        client.create_table(table("marked", "t"));
        assertThat(keysBelow(root + "/marked.db/t")).containsExactly("hive/marked.db/t/");

        write(root + "/marked.db/t/a/b/part-0", "x");
        Table renamed = client.get_table_req(new GetTableRequest("marked", "t")).getTable();
        renamed.setTableName("u");
        client.alter_table("marked", "t", renamed);
        assertThat(keysBelow(root + "/marked.db/t")).isEmpty();
        assertThat(keysBelow(root + "/marked.db/u"))
                .containsExactly("hive/marked.db/u/", "hive/marked.db/u/a/b/part-0");
    }
}
