package dev.lakegate.realhms;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {

    @TempDir
    Path dir;

    @Test
    void copiesAndDeletesATree() throws Exception {
        Path from = dir.resolve("from");
        Files.createDirectories(from.resolve("a/b"));
        Files.writeString(from.resolve("a/b/c.txt"), "c");
        FileTrees.copy(from, dir.resolve("to"));
        assertThat(dir.resolve("to/a/b/c.txt")).hasContent("c");
        FileTrees.delete(dir.resolve("to"));
        assertThat(dir.resolve("to")).doesNotExist();
        FileTrees.delete(dir.resolve("to")); // nothing there: nothing to do
    }

    @Test
    void writesALocalFolderAsHadoopDoes() throws Exception {
        Path warehouse = Files.createDirectories(dir.resolve("warehouse"));
        assertThat(FileTrees.hadoopUri(warehouse)).isEqualTo("file:" + warehouse.toAbsolutePath());
    }

    @Test
    void listsTheJarsOfAFolderByName() throws Exception {
        Files.writeString(dir.resolve("b.jar"), "");
        Files.writeString(dir.resolve("a.jar"), "");
        Files.writeString(dir.resolve("notes.txt"), "");
        assertThat(FileTrees.jars(dir)).containsExactly(dir.resolve("a.jar"), dir.resolve("b.jar"));
        assertThat(FileTrees.jars(dir.resolve("none"))).isEmpty();
    }
}
