package dev.lakegate.hms.handler;

import java.util.Map;
import org.apache.hadoop.hive.metastore.api.CacheFileMetadataRequest;
import org.apache.hadoop.hive.metastore.api.CacheFileMetadataResult;
import org.apache.hadoop.hive.metastore.api.ClearFileMetadataRequest;
import org.apache.hadoop.hive.metastore.api.ClearFileMetadataResult;
import org.apache.hadoop.hive.metastore.api.GetFileMetadataByExprRequest;
import org.apache.hadoop.hive.metastore.api.GetFileMetadataByExprResult;
import org.apache.hadoop.hive.metastore.api.GetFileMetadataRequest;
import org.apache.hadoop.hive.metastore.api.GetFileMetadataResult;
import org.apache.hadoop.hive.metastore.api.PutFileMetadataRequest;
import org.apache.hadoop.hive.metastore.api.PutFileMetadataResult;

/**
 * HMS's cache of ORC file footers, which only its HBase store ever kept. HMS on a relational database
 * (every published release since 3.0) has the cache off and says so instead of failing: reads answer
 * "not supported" with no metadata, writes and clears are accepted and keep nothing, and a request to
 * cache a table's footers answers "not supported" before looking at the table. Lakegate keeps no file
 * footers either (Iceberg and Paimon keep their own file statistics in their metadata), so it answers
 * every client exactly as that HMS does; clients (Hive's ORC split strategy) then read the footers
 * from the files.
 */
public final class FileMetadataCalls {

    public GetFileMetadataResult get_file_metadata(GetFileMetadataRequest request) {
        return new GetFileMetadataResult(Map.of(), false);
    }

    public GetFileMetadataByExprResult get_file_metadata_by_expr(GetFileMetadataByExprRequest request) {
        return new GetFileMetadataByExprResult(Map.of(), false);
    }

    public PutFileMetadataResult put_file_metadata(PutFileMetadataRequest request) {
        return new PutFileMetadataResult();
    }

    public ClearFileMetadataResult clear_file_metadata(ClearFileMetadataRequest request) {
        return new ClearFileMetadataResult();
    }

    public CacheFileMetadataResult cache_file_metadata(CacheFileMetadataRequest request) {
        return new CacheFileMetadataResult(false);
    }
}
