package dev.lakegate.catalog.server.model;

import java.util.Map;

public record SerDe(
        String name,
        String library,
        Map<String, String> parameters,
        String description,
        String serializerClass,
        String deserializerClass,
        int serdeType) {

    public SerDe {
        name = Namespace.nullToEmpty(name);
        library = Namespace.nullToEmpty(library);
        parameters = Map.copyOf(parameters);
        description = Namespace.nullToEmpty(description);
        serializerClass = Namespace.nullToEmpty(serializerClass);
        deserializerClass = Namespace.nullToEmpty(deserializerClass);
    }

    public static SerDe of(String library, Map<String, String> parameters) {
        return new SerDe("", library, parameters, "", "", "", 0);
    }
}
