package dev.lakegate.translator.events;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.TSerializer;
import org.apache.thrift.protocol.TJSONProtocol;

/**
 * One notification message body, written field by field in the order Hive's JSON message class
 * declares them, nulls included, as Hive's Jackson mapper writes them. Embedded HMS objects are
 * Thrift JSON strings ({@code TSerializer} over {@code TJSONProtocol}), as Hive's MessageBuilder makes.
 */
final class MessageJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private final StringWriter out = new StringWriter();
    private final JsonGenerator json;

    MessageJson() {
        try {
            json = FACTORY.createGenerator(out);
            json.writeStartObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    MessageJson string(String name, String value) {
        try {
            json.writeStringField(name, value);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    MessageJson number(String name, Long value) {
        try {
            json.writeFieldName(name);
            if (value == null) {
                json.writeNull();
            } else {
                json.writeNumber(value);
            }
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    MessageJson numbers(String name, List<Long> values) {
        return array(name, values, JsonGenerator::writeNumber);
    }

    MessageJson thrift(String name, TBase<?, ?> value) {
        return string(name, value == null ? null : thriftJson(value));
    }

    MessageJson strings(String name, List<String> values) {
        return array(name, values, JsonGenerator::writeString);
    }

    private interface ElementWriter<T> {
        void write(JsonGenerator json, T value) throws IOException;
    }

    /** A JSON array of {@code values}, or null. */
    private <T> MessageJson array(String name, List<T> values, ElementWriter<T> element) {
        try {
            json.writeFieldName(name);
            if (values == null) {
                json.writeNull();
                return this;
            }
            json.writeStartArray();
            for (T value : values) {
                element.write(json, value);
            }
            json.writeEndArray();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    MessageJson map(String name, Map<String, String> values) {
        try {
            json.writeFieldName(name);
            writeMap(values);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    MessageJson maps(String name, List<Map<String, String>> values) {
        try {
            json.writeFieldName(name);
            json.writeStartArray();
            for (Map<String, String> value : values) {
                writeMap(value);
            }
            json.writeEndArray();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void writeMap(Map<String, String> values) throws IOException {
        if (values == null) {
            json.writeNull();
            return;
        }
        json.writeStartObject();
        for (Map.Entry<String, String> entry : values.entrySet()) {
            json.writeStringField(entry.getKey(), entry.getValue());
        }
        json.writeEndObject();
    }

    String build() {
        try {
            json.writeEndObject();
            json.close();
            return out.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String thriftJson(TBase<?, ?> value) {
        try {
            return new TSerializer(new TJSONProtocol.Factory()).toString(value);
        } catch (TException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as Thrift JSON", e);
        }
    }
}
