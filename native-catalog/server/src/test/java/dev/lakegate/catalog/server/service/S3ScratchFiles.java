package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.metadata.TableFileIO;
import dev.lakegate.storage.testing.LoopbackS3;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.apache.iceberg.io.FileIO;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Scratch folders on a real S3-compatible server, as {@code s3://bucket/...} locations: Iceberg's S3FileIO
 * writes the engines' side, the test's own S3 client lists, looks and plants.
 */
final class S3ScratchFiles implements ScratchFiles, AutoCloseable {

    private final String scheme;
    private final String bucket;
    private final S3Client client;
    private final S3FileIO io;

    S3ScratchFiles(String scheme, String bucket, LoopbackS3 s3) {
        this.scheme = scheme;
        this.bucket = bucket;
        this.client = s3.client();
        this.io = new S3FileIO(s3::client, TableFileIO::noAsyncClient);
        io.initialize(Map.of());
    }

    @Override
    public String newFolder(String name) {
        return scheme + "://" + bucket + "/scratch/" + name + "-" + UUID.randomUUID();
    }

    @Override
    public FileIO io() {
        return io;
    }

    private String key(String location) {
        String prefix = scheme + "://" + bucket + "/";
        if (!location.startsWith(prefix)) {
            throw new IllegalArgumentException("not in " + prefix + ": " + location);
        }
        return location.substring(prefix.length());
    }

    @Override
    public List<String> list(String folder) {
        String prefix = key(folder) + "/";
        return client
                .listObjectsV2Paginator(
                        request -> request.bucket(bucket).prefix(prefix).delimiter("/"))
                .contents()
                .stream()
                .map(S3Object::key)
                .map(key -> scheme + "://" + bucket + "/" + key)
                .sorted()
                .toList();
    }

    @Override
    public boolean exists(String location) {
        try {
            client.headObject(request -> request.bucket(bucket).key(key(location)));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        }
    }

    @Override
    public void write(String location, String text) {
        client.putObject(request -> request.bucket(bucket).key(key(location)), RequestBody.fromString(text));
    }

    @Override
    public void close() {
        io.close();
        client.close();
    }
}
