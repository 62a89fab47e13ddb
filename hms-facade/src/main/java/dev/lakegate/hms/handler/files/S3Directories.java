package dev.lakegate.hms.handler.files;

import static java.util.Objects.requireNonNull;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The "directories" of S3 as HMS sees them through Hadoop's S3A: a directory is a key prefix ending in
 * {@code /}. Making one puts an empty marker object {@code prefix/}, as S3A's mkdirs does; it exists while
 * its marker or any object below it does; deleting it deletes every object below it, in batches; renaming
 * copies every object, then deletes the sources (S3 has no rename). Markers hold no data, so quick
 * statistics leave them out, as they do hidden names.
 */
final class S3Directories implements Directories {

    /** DeleteObjects takes at most this many keys a request. */
    private static final int DELETE_BATCH = 1000;

    private final S3Client s3;

    S3Directories(S3Client s3) {
        this.s3 = requireNonNull(s3, "s3 is null");
    }

    /** A location's bucket and key, the key without a trailing slash ("" for the bucket's root). */
    record Place(String scheme, String bucket, String key) {

        static Place of(String location) {
            int start = location.indexOf("://");
            if (start < 0) {
                throw new IllegalArgumentException("not an S3 location: " + location);
            }
            String rest = location.substring(start + 3);
            int slash = rest.indexOf('/');
            String bucket = slash < 0 ? rest : rest.substring(0, slash);
            String key = slash < 0 ? "" : rest.substring(slash + 1);
            while (key.endsWith("/")) {
                key = key.substring(0, key.length() - 1);
            }
            if (bucket.isEmpty()) {
                throw new IllegalArgumentException("no bucket in " + location);
            }
            return new Place(location.substring(0, start), bucket, key);
        }

        /** The prefix of everything below: {@code key/}, or "" at the bucket's root. */
        String prefix() {
            return key.isEmpty() ? "" : key + "/";
        }
    }

    @Override
    public boolean exists(String location) throws IOException {
        Place place = Place.of(location);
        return call(() ->
                place.key().isEmpty() || hasObject(place) || !list(place, 1).isEmpty());
    }

    private boolean hasObject(Place place) {
        return !s3
                .listObjectsV2(ListObjectsV2Request.builder()
                        .bucket(place.bucket())
                        .prefix(place.key())
                        .maxKeys(1)
                        .build())
                .contents()
                .stream()
                .filter(object -> object.key().equals(place.key()))
                .toList()
                .isEmpty();
    }

    @Override
    public void create(String location) throws IOException {
        Place place = Place.of(location);
        if (exists(location)) {
            return;
        }
        call(() -> s3.putObject(request -> request.bucket(place.bucket()).key(place.prefix()), RequestBody.empty()));
    }

    @Override
    public void delete(String location) throws IOException {
        Place place = Place.of(location);
        List<String> keys = new ArrayList<>(call(() -> keys(list(place, Integer.MAX_VALUE))));
        if (!place.key().isEmpty() && call(() -> hasObject(place))) {
            keys.add(place.key());
        }
        deleteKeys(place.bucket(), keys);
    }

    private void deleteKeys(String bucket, List<String> keys) throws IOException {
        for (int from = 0; from < keys.size(); from += DELETE_BATCH) {
            List<ObjectIdentifier> batch = keys.subList(from, Math.min(keys.size(), from + DELETE_BATCH)).stream()
                    .map(key -> ObjectIdentifier.builder().key(key).build())
                    .toList();
            DeleteObjectsResponse response = call(() -> s3.deleteObjects(request -> request.bucket(bucket)
                    .delete(Delete.builder().objects(batch).quiet(true).build())));
            if (!response.errors().isEmpty()) {
                throw new IOException("cannot delete s3://" + bucket + "/"
                        + response.errors().get(0).key() + ": "
                        + response.errors().get(0).message());
            }
        }
    }

    @Override
    public void rename(String from, String to) throws IOException {
        Place source = Place.of(from);
        Place target = Place.of(to);
        if (!exists(from)) {
            throw new FileNotFoundException("File " + from + " does not exist");
        }
        if (exists(to)) {
            throw new IOException("Cannot rename the source path. The destination path already exists.");
        }
        List<String> keys = call(() -> keys(list(source, Integer.MAX_VALUE)));
        for (String key : keys) {
            String copied = target.prefix() + key.substring(source.prefix().length());
            call(() -> s3.copyObject(request -> request.sourceBucket(source.bucket())
                    .sourceKey(key)
                    .destinationBucket(target.bucket())
                    .destinationKey(copied)));
        }
        deleteKeys(source.bucket(), keys);
    }

    @Override
    public boolean isEmptyDirectory(String location) throws IOException {
        Place place = Place.of(location);
        List<S3Object> below = call(() -> list(place, 2));
        return below.size() == 1 && below.get(0).key().equals(place.prefix());
    }

    @Override
    public QuickStats quickStats(String location) throws IOException {
        Place place = Place.of(location);
        long files = 0;
        long bytes = 0;
        for (S3Object object : call(() -> list(place, Integer.MAX_VALUE))) {
            String relative = object.key().substring(place.prefix().length());
            if (relative.isEmpty() || relative.endsWith("/") || hidden(relative)) {
                continue; // a directory marker, or below a hidden name
            }
            files++;
            bytes += object.size();
        }
        return new QuickStats(files, bytes);
    }

    /** Whether any name on the path below the directory is hidden: HMS's walk skips hidden directories whole. */
    private static boolean hidden(String relative) {
        for (String name : relative.split("/")) {
            if (Hidden.name(name)) {
                return true;
            }
        }
        return false;
    }

    /** Up to {@code limit} objects below the location, the marker among them, page by page. */
    private List<S3Object> list(Place place, int limit) {
        List<S3Object> objects = new ArrayList<>();
        ListObjectsV2Request request = ListObjectsV2Request.builder()
                .bucket(place.bucket())
                .prefix(place.prefix())
                .maxKeys(Math.min(limit, 1000))
                .build();
        for (S3Object object : s3.listObjectsV2Paginator(request).contents()) {
            objects.add(object);
            if (objects.size() >= limit) {
                break;
            }
        }
        return objects;
    }

    private static List<String> keys(List<S3Object> objects) {
        return objects.stream().map(S3Object::key).toList();
    }

    private interface S3Call<T> {
        T run();
    }

    /** The SDK's failures (unchecked) as the IOException the facade expects of a file system. */
    private static <T> T call(S3Call<T> call) throws IOException {
        try {
            return call.run();
        } catch (SdkException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
