package dev.lakegate.hms.handler.tables;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.translator.names.NamePattern;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ExtendedTableInfo;
import org.apache.hadoop.hive.metastore.api.GetTablesExtRequest;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * HMSHandler.get_tables_ext (Hive 4): the names of a database's tables that match the pattern, at most
 * {@code limit} of them by name (HMS reads an unset limit as 0, hence none; a negative one as no limit), each
 * with what the requested fields ask of its {@link ProcessorAccess}. HMS answers only a processor that names
 * its capabilities (none, or the raw-metadata one, gets an empty list) and reads the database as sent
 * (no {@code @hive#} prefix). HMS lists them in a hash map's order; Lakegate by name.
 */
public final class ExtendedTables {

    /** GetTablesExtRequestFields. */
    private static final int ACCESS_TYPE = 1;

    private static final int PROCESSOR_CAPABILITIES = 2;
    /** The capability HMSHandler itself looks for (not the transformer's MANAGE_RAW_METADATA). */
    private static final String RAW_METADATA = "MANAGERAWMETADATA";

    private ExtendedTables() {}

    public static List<ExtendedTableInfo> list(CatalogClient client, GetTablesExtRequest request) {
        List<ExtendedTableInfo> answer = new ArrayList<>();
        List<String> capabilities = request.getProcessorCapabilities();
        if (capabilities == null
                || capabilities.isEmpty()
                || capabilities.contains(RAW_METADATA)
                || !HiveRules.isHiveCatalog(request.getCatalog())
                || request.getDatabase() == null
                || request.getDatabase().startsWith("@")) {
            return answer;
        }
        List<String> names = TableReads.names(
                client,
                request.getCatalog(),
                request.getDatabase(),
                NamePattern.forTables(request.getTableNamePattern()),
                null);
        int limit = request.getLimit() < 0 ? names.size() : Math.min(request.getLimit(), names.size());
        if (limit == 0) {
            return answer;
        }
        int fields = request.getRequestedFields();
        for (Table table :
                TableReads.byNames(client, request.getCatalog(), request.getDatabase(), names.subList(0, limit))) {
            ProcessorAccess access = ProcessorAccess.of(table, capabilities);
            ExtendedTableInfo info = new ExtendedTableInfo(table.getTableName());
            if ((fields & ACCESS_TYPE) != 0) {
                info.setAccessType(access.accessType());
            }
            if ((fields & PROCESSOR_CAPABILITIES) != 0) {
                if (!access.requiredReads().isEmpty()) {
                    info.setRequiredReadCapabilities(new ArrayList<>(access.requiredReads()));
                }
                if (!access.requiredWrites().isEmpty()) {
                    info.setRequiredWriteCapabilities(new ArrayList<>(access.requiredWrites()));
                }
            }
            answer.add(info);
        }
        return answer;
    }
}
