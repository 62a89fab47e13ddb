package dev.lakegate.launcher;

import dev.lakegate.catalog.client.BearerToken;
import dev.lakegate.catalog.client.CatalogClient;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The bearer token this process sends to a remote catalog server that checks them. */
final class CatalogTokenOptions {

    @Option(
            names = "--catalog-token-file",
            paramLabel = "FILE",
            description = "A file holding the JWT sent to the remote catalog (read again when it changes).")
    Path tokenFile;

    /** {@code client}, sending the token if one is configured. */
    CatalogClient authenticated(CatalogClient client) {
        return tokenFile == null ? client : client.intercepted(BearerToken.fromFile(tokenFile));
    }
}
