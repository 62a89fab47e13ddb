package dev.lakegate.hms.handler.misc;

import dev.lakegate.catalog.v1.InsertedFile;
import dev.lakegate.catalog.v1.RecordDataInsertedRequest;
import dev.lakegate.hms.handler.tables.NativeTables;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.mapping.PartitionMapper;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.InsertEventRequestData;

/**
 * An insert an engine tells the metastore of (fire_listener_event) as the catalog's DATA_INSERTED record: the
 * files with their checksums and sub-directories by position, as HMS's InsertEvent pairs them; an insert that
 * does not say whether it replaced the data did, as HMS reads it (for clients older than the flag).
 */
public final class InsertEvents {

    private InsertEvents() {}

    public static RecordDataInsertedRequest request(
            HmsCall call, List<String> partitionValues, InsertEventRequestData insert) {
        if (call.database() == null || call.table() == null || insert.getFilesAdded() == null) {
            throw HmsFailure.meta("An insert event needs a database, a table and the files added");
        }
        RecordDataInsertedRequest.Builder request = RecordDataInsertedRequest.newBuilder()
                .setTable(NativeTables.identifier(call.catalog(), call.database(), call.table()))
                .setReplace(!insert.isSetReplace() || insert.isReplace());
        if (partitionValues != null) {
            request.addAllPartitionValues(PartitionMapper.toNativeValues(partitionValues));
        }
        List<String> files = insert.getFilesAdded();
        List<String> checksums = insert.getFilesAddedChecksum();
        List<String> subDirectories = insert.getSubDirectoryList();
        for (int i = 0; i < files.size(); i++) {
            request.addFiles(InsertedFile.newBuilder()
                    .setPath(files.get(i))
                    .setChecksum(at(checksums, i))
                    .setSubDirectory(at(subDirectories, i)));
        }
        return request.build();
    }

    private static String at(List<String> values, int index) {
        return values == null || index >= values.size() || values.get(index) == null ? "" : values.get(index);
    }
}
