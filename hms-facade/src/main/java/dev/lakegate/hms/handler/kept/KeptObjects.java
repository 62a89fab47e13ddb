package dev.lakegate.hms.handler.kept;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.ByteString;
import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.ListOpaqueObjectsRequest;
import dev.lakegate.catalog.v1.OpaqueObject;
import dev.lakegate.catalog.v1.OpaqueObjectWrite;
import dev.lakegate.hms.handler.CatalogFailures;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.thrift.TBase;
import org.apache.thrift.TDeserializer;
import org.apache.thrift.TException;
import org.apache.thrift.TSerializer;
import org.apache.thrift.protocol.TCompactProtocol;

/**
 * HMS objects that mean nothing to a lake catalog (data connectors, stored procedures, packages,
 * resource plans, schemas of the registry), kept by it as opaque objects: each the Thrift struct in
 * Thrift's compact protocol under one kind and a key the area makes of its names. Thrift reads fields
 * by id, so a struct written by one HMS release reads back under another. The area owns HMS's rules;
 * the catalog keeps versions, so a change made from what was read is conditional on it.
 */
public final class KeptObjects<T extends TBase<?, ?>> {

    /** An object as read, with the version a write made from it is conditional on. */
    public record Kept<T>(T value, long version) {}

    private final String kind;
    private final Supplier<T> empty;

    public KeptObjects(String kind, Supplier<T> empty) {
        this.kind = requireNonNull(kind, "kind is null");
        this.empty = requireNonNull(empty, "empty is null");
    }

    public Optional<Kept<T>> find(CatalogClient client, String key) {
        return CatalogFailures.find(() -> client.opaqueObjects().get(kind, key), ErrorReason.OPAQUE_OBJECT_NOT_FOUND)
                .map(object -> new Kept<>(read(object), object.getVersion()));
    }

    /** Every object whose key starts with {@code prefix}, in key order. */
    public List<Kept<T>> list(CatalogClient client, String prefix) {
        return client.opaqueObjects().listAll(kind, prefix, false).stream()
                .map(object -> new Kept<>(read(object), object.getVersion()))
                .toList();
    }

    /** The first {@code count} objects of the kind (at most 1,000), in key order, by key. */
    public SortedMap<String, T> first(CatalogClient client, int count) {
        SortedMap<String, T> first = new TreeMap<>();
        client.opaqueObjects()
                .list(ListOpaqueObjectsRequest.newBuilder()
                        .setKind(kind)
                        .setPageSize(count)
                        .build())
                .getObjectsList()
                .forEach(object -> first.put(object.getKey(), read(object)));
        return first;
    }

    /** The keys that start with {@code prefix}, in key order. */
    public List<String> keys(CatalogClient client, String prefix) {
        return client.opaqueObjects().listAll(kind, prefix, true).stream()
                .map(OpaqueObject::getKey)
                .toList();
    }

    /** A write that creates the object; the batch fails with OPAQUE_OBJECT_ALREADY_EXISTS if it exists. */
    public OpaqueObjectWrite create(String key, T value) {
        return put(key, value).setExpectedVersion(0).build();
    }

    /** A write that replaces the object as it was at {@code version}. */
    public OpaqueObjectWrite replace(String key, T value, long version) {
        return put(key, value).setExpectedVersion(version).build();
    }

    /** A write that creates the object or replaces whatever is there. */
    public OpaqueObjectWrite createOrReplace(String key, T value) {
        return put(key, value).build();
    }

    /** A write that deletes the object as it was at {@code version}. */
    public OpaqueObjectWrite delete(String key, long version) {
        return OpaqueObjectWrite.newBuilder()
                .setKind(kind)
                .setKey(key)
                .setDelete(true)
                .setExpectedVersion(version)
                .build();
    }

    /** A write that deletes the object whatever its version; the batch fails with OPAQUE_OBJECT_NOT_FOUND if none. */
    public OpaqueObjectWrite deleteAny(String key) {
        return OpaqueObjectWrite.newBuilder()
                .setKind(kind)
                .setKey(key)
                .setDelete(true)
                .build();
    }

    /** Applies the writes, of any kinds, all or none. */
    public static void write(CatalogClient client, OpaqueObjectWrite... writes) {
        client.opaqueObjects().write(List.of(writes));
    }

    private OpaqueObjectWrite.Builder put(String key, T value) {
        return OpaqueObjectWrite.newBuilder().setKind(kind).setKey(key).setPut(ByteString.copyFrom(bytes(value)));
    }

    private static byte[] bytes(TBase<?, ?> value) {
        try {
            return new TSerializer(new TCompactProtocol.Factory()).serialize(value);
        } catch (TException e) {
            throw new IllegalStateException("a Thrift struct that cannot be written: " + value, e);
        }
    }

    private T read(OpaqueObject object) {
        T value = empty.get();
        try {
            new TDeserializer(new TCompactProtocol.Factory())
                    .deserialize(value, object.getBody().toByteArray());
        } catch (TException e) {
            throw new IllegalStateException("the catalog's " + kind + " " + object.getKey() + " is not readable", e);
        }
        return value;
    }
}
