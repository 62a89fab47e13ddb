package dev.lakegate.launcher;

import dev.lakegate.catalog.server.metadata.TableFileIO;
import dev.lakegate.hms.handler.files.WarehouseFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * How the catalog (Iceberg metadata) and the facade's warehouse (directories) reach files beyond this
 * machine's file system: through Hadoop's FileSystems, configured as HMS and the engines are, by Hadoop's
 * site files and properties.
 */
final class TableFileOptions {

    private static final List<String> SITE_FILES = List.of("core-site.xml", "hdfs-site.xml");

    @Option(
            names = "--hadoop-conf-dir",
            paramLabel = "DIR",
            description = "Folder of Hadoop's site files (core-site.xml, hdfs-site.xml) for table files on HDFS "
                    + "and other Hadoop file systems (default: $HADOOP_CONF_DIR, if set).")
    Path hadoopConfDir;

    // Repeatable; from LAKEGATE_HADOOP_PROPERTY or the config file as a comma-separated list.
    @Option(
            names = "--hadoop-property",
            paramLabel = "NAME=VALUE",
            split = ",",
            description = "A Hadoop property over the site files, repeatable (e.g. --hadoop-property "
                    + "dfs.client.use.datanode.hostname=true).")
    Map<String, String> hadoopProperties;

    /** The catalog's FileIO of table files (Iceberg metadata). */
    TableFileIO open() {
        return TableFileIO.withHadoop(siteFiles(), properties());
    }

    /** The file systems whose directories the facade's warehouse manages, with the same settings. */
    WarehouseFiles warehouseFiles() {
        return WarehouseFiles.withHadoop(siteFiles(), properties());
    }

    private Map<String, String> properties() {
        return hadoopProperties == null ? Map.of() : hadoopProperties;
    }

    private List<Path> siteFiles() {
        Optional<Path> folder = Optional.ofNullable(hadoopConfDir)
                .or(() -> Optional.ofNullable(System.getenv("HADOOP_CONF_DIR"))
                        .filter(value -> !value.isEmpty())
                        .map(Path::of));
        return folder.stream()
                .flatMap(dir -> SITE_FILES.stream().map(dir::resolve))
                .filter(Files::isRegularFile)
                .toList();
    }

    String describe() {
        List<Path> files = siteFiles();
        return files.isEmpty() ? "no Hadoop site files" : "Hadoop site files " + files;
    }
}
