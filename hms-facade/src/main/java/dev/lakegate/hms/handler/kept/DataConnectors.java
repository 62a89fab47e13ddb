package dev.lakegate.hms.handler.kept;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.kept.KeptObjects.Kept;
import dev.lakegate.hms.server.ConnectionContext;
import dev.lakegate.translator.error.DataConnectorWords;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.DataConnector;
import org.apache.hadoop.hive.metastore.api.PrincipalType;

/**
 * Data connectors as HMS 4.0.1 keeps them: names stored lower-case (read by any case), not otherwise
 * checked; the owner is the caller when none is given, a USER unless said otherwise; the create time
 * is the metastore's. An alter changes the URL, the parameters and the owner, and the description
 * unless the new one is blank; never the name or the type. The listing is of names in order.
 */
public final class DataConnectors {

    static final String KIND = "hms.data_connector";

    private final KeptObjects<DataConnector> kept = new KeptObjects<>(KIND, DataConnector::new);

    public void create(CatalogClient client, DataConnector requested) {
        requireNonNull(requested, "requested is null");
        if (requested.getName() == null) {
            throw DataConnectorWords.nameIsNull();
        }
        DataConnector connector = requested.deepCopy();
        connector.setName(key(requested.getName()));
        if (connector.getOwnerName() == null) {
            ConnectionContext.currentUser().ifPresent(connector::setOwnerName);
        }
        if (connector.getOwnerType() == null) {
            connector.setOwnerType(PrincipalType.USER);
        }
        connector.setCreateTime((int) Instant.now().getEpochSecond());
        CatalogFailures.rewording(
                () -> {
                    KeptObjects.write(client, kept.create(connector.getName(), connector));
                    return null;
                },
                failure -> DataConnectorWords.alreadyExists(requested.getName()),
                ErrorReason.OPAQUE_OBJECT_ALREADY_EXISTS);
    }

    public DataConnector get(CatalogClient client, String name) {
        return existing(client, name).value();
    }

    public List<String> names(CatalogClient client) {
        return kept.keys(client, "");
    }

    public void alter(CatalogClient client, String name, DataConnector requested) {
        Kept<DataConnector> current = existing(client, name);
        DataConnector altered = current.value().deepCopy();
        altered.setUrl(requested.getUrl());
        altered.setParameters(requested.getParameters());
        altered.setOwnerName(requested.getOwnerName());
        if (requested.getOwnerType() != null) {
            altered.setOwnerType(requested.getOwnerType());
        }
        if (requested.getDescription() != null && !requested.getDescription().isBlank()) {
            altered.setDescription(requested.getDescription());
        }
        // A concurrent change between the read and this write fails it rather than being lost.
        KeptObjects.write(client, kept.replace(altered.getName(), altered, current.version()));
    }

    public void drop(CatalogClient client, String name, boolean ifNotExists) {
        if (name == null) {
            throw DataConnectorWords.nameIsNull();
        }
        kept.find(client, key(name))
                .ifPresentOrElse(
                        current -> KeptObjects.write(client, kept.delete(key(name), current.version())), () -> {
                            if (!ifNotExists) {
                                throw DataConnectorWords.notFoundToDrop(name);
                            }
                        });
    }

    private Kept<DataConnector> existing(CatalogClient client, String name) {
        if (name == null) {
            throw DataConnectorWords.nameIsNull();
        }
        return kept.find(client, key(name)).orElseThrow(() -> DataConnectorWords.notFound(name));
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
