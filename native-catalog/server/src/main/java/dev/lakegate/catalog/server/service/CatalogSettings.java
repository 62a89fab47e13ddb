package dev.lakegate.catalog.server.service;

/**
 * What a catalog is set to do beyond the defaults.
 *
 * @param transactionEvents whether Hive's transaction calls (open, commit, abort, write ids) are logged in
 *     the notification log, as HMS logs them with a transactional listener configured. Off by default, as in
 *     HMS: each logged call holds the log's counter until it commits, so such calls run one at a time.
 */
public record CatalogSettings(boolean transactionEvents) {

    public static final CatalogSettings DEFAULTS = new CatalogSettings(false);
}
