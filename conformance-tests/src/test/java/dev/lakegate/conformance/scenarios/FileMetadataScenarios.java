package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.CacheFileMetadataRequest;
import org.apache.hadoop.hive.metastore.api.CacheFileMetadataResult;
import org.apache.hadoop.hive.metastore.api.ClearFileMetadataRequest;
import org.apache.hadoop.hive.metastore.api.GetFileMetadataByExprRequest;
import org.apache.hadoop.hive.metastore.api.GetFileMetadataByExprResult;
import org.apache.hadoop.hive.metastore.api.GetFileMetadataRequest;
import org.apache.hadoop.hive.metastore.api.GetFileMetadataResult;
import org.apache.hadoop.hive.metastore.api.PutFileMetadataRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The file metadata cache (ORC footers by file id), which HMS on a relational database has off: every
 * call is answered, none keeps anything. Sent through the client's Thrift stub so that the flag a client
 * library would fold away ({@code isSupported}) is compared as it is on the wire.
 */
public abstract class FileMetadataScenarios extends ScenarioSupport {

    private static final List<Long> FILE_IDS = List.of(11L, 12L);

    protected String db;

    @BeforeEach
    void createDatabase() throws Exception {
        db = newDatabase("fmd_db");
    }

    private static ByteBuffer footer(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    }

    private GetFileMetadataResult metadataOf(List<Long> ids) throws Exception {
        return raw("get_file_metadata", c -> c.get_file_metadata(new GetFileMetadataRequest(ids)));
    }

    @Test
    void fileMetadataIsNotSupported() throws Exception {
        GetFileMetadataResult result = metadataOf(FILE_IDS);
        assertThat(result.isIsSupported()).isFalse();
        assertThat(result.getMetadata()).isEmpty();
    }

    @Test
    void fileMetadataByExpressionIsNotSupported() throws Exception {
        GetFileMetadataByExprResult result = raw(
                "get_file_metadata_by_expr",
                c -> c.get_file_metadata_by_expr(new GetFileMetadataByExprRequest(FILE_IDS, footer("sarg"))));
        assertThat(result.isIsSupported()).isFalse();
        assertThat(result.getMetadata()).isEmpty();
    }

    @Test
    void putFileMetadataIsAcceptedAndKeepsNothing() throws Exception {
        raw(
                "put_file_metadata",
                c -> c.put_file_metadata(new PutFileMetadataRequest(FILE_IDS, List.of(footer("one"), footer("two")))));
        assertThat(metadataOf(FILE_IDS).getMetadata()).isEmpty();
    }

    /**
     * HMS fails here: its store throws UnsupportedOperationException on a clear, which HMS 4.0.1 answers as
     * an internal error and 3.1.3 by closing the connection. Lakegate clears the nothing it keeps
     * (Deviation.CLEARS_FILE_METADATA_IT_DOES_NOT_KEEP). Last in its scenario: 3.1.3's connection is gone.
     */
    @Test
    void clearingFileMetadataIsAnInternalErrorOnHms() {
        Outcome cleared =
                rawOutcome("clear_file_metadata", c -> c.clear_file_metadata(new ClearFileMetadataRequest(FILE_IDS)));
        if (onLakegate()) {
            assertThat(cleared.failed()).as(cleared.toString()).isFalse();
        } else {
            assertThat(cleared.exceptionType())
                    .as(cleared.toString())
                    .isIn("TApplicationException", "TTransportException");
        }
    }

    @Test
    void cachingATablesFileMetadataIsNotSupported() throws Exception {
        client.createTable(table(db, "cached"));
        CacheFileMetadataResult result =
                raw("cache_file_metadata", c -> c.cache_file_metadata(new CacheFileMetadataRequest(db, "cached")));
        assertThat(result.isIsSupported()).isFalse();
        assertThat(client.cacheFileMetadata(db, "cached", null, false)).isFalse();
    }

    /** HMS answers "not supported" before it looks for the table: no NoSuchObjectException. */
    @Test
    void cachingAMissingTablesFileMetadataIsNotSupportedEither() throws Exception {
        CacheFileMetadataResult result = raw(
                "cache_file_metadata of a missing table",
                c -> c.cache_file_metadata(new CacheFileMetadataRequest(db, "missing")));
        assertThat(result.isIsSupported()).isFalse();
    }

    @Test
    void theClientLibraryReadsNoFooters() throws Exception {
        // The client's iterable is read from the target alone: two iterables never compare equal.
        assertThat(direct.getFileMetadata(FILE_IDS)).isEmpty();
    }
}
