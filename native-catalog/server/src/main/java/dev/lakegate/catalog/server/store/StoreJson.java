package dev.lakegate.catalog.server.store;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The JSON form of the model in the database. Map entries are sorted so that equal values give
 * equal text, which the content hash of partition storages relies on. Unknown properties are
 * ignored so that an older server can read what a newer one wrote.
 */
final class StoreJson {

    private static final ObjectMapper MAPPER = createMapper();
    private static final JavaType STRING_LIST =
            MAPPER.getTypeFactory().constructType(new TypeReference<List<String>>() {});
    private static final JavaType STRING_MAP =
            MAPPER.getTypeFactory().constructType(new TypeReference<Map<String, String>>() {});

    private StoreJson() {}

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new CatalogException(
                    ErrorCode.INTERNAL_ERROR,
                    "cannot encode " + value.getClass().getSimpleName() + " for the store: " + e.getOriginalMessage(),
                    Map.of(),
                    e);
        }
    }

    /** Writes {@code value} as its declared type, so that the type name of a sealed hierarchy is included. */
    static String write(Object value, Class<?> declaredType) {
        try {
            return MAPPER.writerFor(declaredType).writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new CatalogException(
                    ErrorCode.INTERNAL_ERROR,
                    "cannot encode " + declaredType.getSimpleName() + " for the store: " + e.getOriginalMessage(),
                    Map.of(),
                    e);
        }
    }

    static <T> T read(String json, Class<T> type) {
        return read(json, MAPPER.getTypeFactory().constructType(type));
    }

    /**
     * A list of strings, read token by token: every partition row of a listing holds two such
     * documents, and the object mapper's per-call setup cost more than the reading. Anything but
     * an array of strings goes to the mapper, which says what is wrong with it.
     */
    static List<String> readStrings(String json) {
        try (JsonParser parser = MAPPER.getFactory().createParser(json)) {
            if (parser.nextToken() == JsonToken.START_ARRAY) {
                List<String> result = new ArrayList<>();
                JsonToken token;
                while ((token = parser.nextToken()) == JsonToken.VALUE_STRING) {
                    result.add(parser.getText());
                }
                if (token == JsonToken.END_ARRAY && parser.nextToken() == null) {
                    return result;
                }
            }
        } catch (IOException e) {
            // Unreadable: the mapper below fails on it too, with its explanation.
        }
        return read(json, STRING_LIST);
    }

    /** A map of strings to strings, read token by token as {@link #readStrings} is. */
    static Map<String, String> readStringMap(String json) {
        try (JsonParser parser = MAPPER.getFactory().createParser(json)) {
            if (parser.nextToken() == JsonToken.START_OBJECT) {
                Map<String, String> result = new HashMap<>();
                JsonToken token;
                while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    if (parser.nextToken() != JsonToken.VALUE_STRING) {
                        return read(json, STRING_MAP);
                    }
                    result.put(key, parser.getText());
                }
                if (token == JsonToken.END_OBJECT && parser.nextToken() == null) {
                    return result;
                }
            }
        } catch (IOException e) {
            // As in readStrings.
        }
        return read(json, STRING_MAP);
    }

    static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static <T> T read(String json, JavaType type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new CatalogException(
                    ErrorCode.INTERNAL_ERROR,
                    "stored " + type.getRawClass().getSimpleName() + " is unreadable: " + e.getOriginalMessage(),
                    Map.of(),
                    e);
        }
    }

    private static ObjectMapper createMapper() {
        ObjectMapper mapper = JsonMapper.builder()
                .addModule(new Jdk8Module())
                .addModule(new JavaTimeModule())
                .addModule(PartitionsChangeJson.module())
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                // Derived flags such as isPartitioned() or isIntegral() are not state.
                .visibility(PropertyAccessor.IS_GETTER, JsonAutoDetect.Visibility.NONE)
                .build();
        StoreJsonMixins.register(mapper);
        return mapper;
    }
}
