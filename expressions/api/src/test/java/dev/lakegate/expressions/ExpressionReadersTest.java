package dev.lakegate.expressions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.expressions.PartitionExpressions.PartitionKey;
import dev.lakegate.expressionstest.ContextLoaderNames;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExpressionReadersTest {

    @TempDir
    Path dir;

    @Test
    void aReaderRunsInItsOwnLoaderWithThatLoaderAsTheThreadsContext() throws IOException {
        writeJar(dir.resolve("reader.jar"), ContextLoaderNames.class);

        PartitionExpressions reader = ExpressionReaders.load(dir);

        assertThat(reader.toFilter("x = 1".getBytes(StandardCharsets.UTF_8), "__HIVE_DEFAULT_PARTITION__"))
                .isEqualTo("x = 1 lakegate-expressions lakegate-expressions");
        assertThat(reader.prune(List.of(new PartitionKey("x", "int")), new byte[0], "d", List.of("x=1", "x=2")))
                .isEqualTo(new PartitionExpressions.PrunedNames(List.of("x=1"), true));
        assertThat(Thread.currentThread().getContextClassLoader().getName()).isNotEqualTo("lakegate-expressions");
    }

    @Test
    void theSharedLoaderSeesTheJdkAndTheApiOnly() throws ClassNotFoundException {
        ExpressionReaders.SharedApiLoader shared = new ExpressionReaders.SharedApiLoader();

        assertThat(shared.loadClass(PartitionExpressions.class.getName())).isSameAs(PartitionExpressions.class);
        assertThat(shared.loadClass(PartitionKey.class.getName())).isSameAs(PartitionKey.class);
        assertThat(shared.loadClass("java.lang.String")).isSameAs(String.class);
        assertThatThrownBy(() -> shared.loadClass(ContextLoaderNames.class.getName()))
                .isInstanceOf(ClassNotFoundException.class);
        assertThatThrownBy(() -> shared.loadClass(Test.class.getName())).isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void aFolderWithoutJarsOrWithoutAReaderIsRefused() throws IOException {
        assertThatThrownBy(() -> ExpressionReaders.load(dir.resolve("missing")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no folder");
        assertThatThrownBy(() -> ExpressionReaders.load(dir))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no jars");

        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(dir.resolve("empty.jar")))) {
            jar.putNextEntry(new JarEntry("README"));
        }
        assertThatThrownBy(() -> ExpressionReaders.load(dir))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("hold no " + PartitionExpressions.class.getName());
    }

    /** A jar with the class (from this test's classpath) registered as a reader. */
    private static void writeJar(Path path, Class<? extends PartitionExpressions> reader) throws IOException {
        String classFile = reader.getName().replace('.', '/') + ".class";
        try (OutputStream out = Files.newOutputStream(path);
                JarOutputStream jar = new JarOutputStream(out);
                InputStream bytes = reader.getClassLoader().getResourceAsStream(classFile)) {
            jar.putNextEntry(new JarEntry(classFile));
            bytes.transferTo(jar);
            jar.putNextEntry(new JarEntry("META-INF/services/" + PartitionExpressions.class.getName()));
            jar.write(reader.getName().getBytes(StandardCharsets.UTF_8));
        }
    }
}
