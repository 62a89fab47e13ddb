package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.server.metadata.TableFileIO;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The S3 settings as the launcher reads them: on when given, keys never in its words. */
class TableFileOptionsTest {

    private static TableFileOptions parse(String... args) {
        ServeCommand command = new ServeCommand();
        new CommandLine(command).parseArgs(args);
        return command.tableFiles;
    }

    @Test
    void s3IsOffUntilASettingIsGiven() {
        TableFileOptions options = parse();
        assertThat(options.describe()).endsWith("; no S3");
        try (TableFileIO files = options.open()) {
            assertThat(files.handles("s3a://bucket/t")).isFalse();
        }
        assertThat(options.warehouseFiles().manages("s3a://bucket/t")).isFalse();
    }

    @Test
    void theKeysAreNeverDescribed() {
        TableFileOptions options = parse(
                "--s3-endpoint", "http://127.0.0.1:9000",
                "--s3-region", "eu-west-1",
                "--s3-path-style-access", "true",
                "--s3-access-key-id", "AKIDEXAMPLEKEYID",
                "--s3-secret-access-key", "wJalrXUtnFEMI-secret");
        String words = options.describe();
        assertThat(words)
                .contains("http://127.0.0.1:9000", "eu-west-1", "path-style", "access key (not shown)")
                .doesNotContain("AKIDEXAMPLEKEYID")
                .doesNotContain("wJalrXUtnFEMI-secret");
        try (TableFileIO files = options.open()) {
            assertThat(files.handles("s3://bucket/t")).isTrue();
            assertThat(files.handles("s3n://bucket/t")).isTrue();
        }
        assertThat(options.warehouseFiles().manages("s3a://bucket/t")).isTrue();
    }

    @Test
    void anAccessKeyIdWithoutItsSecretIsRefused() {
        TableFileOptions options = parse("--s3-region", "eu-west-1", "--s3-access-key-id", "AKIDEXAMPLEKEYID");
        assertThatThrownBy(options::open)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("go together")
                .hasMessageNotContaining("AKIDEXAMPLEKEYID");
    }
}
