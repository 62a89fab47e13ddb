package dev.lakegate.hms.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PasswordFileTest {

    @TempDir
    Path folder;

    @Test
    void checksPasswordsAgainstTheirHashes() throws IOException {
        Path file = folder.resolve("passwords");
        String line = PasswordFile.line("alice", "s3cret".toCharArray());
        assertThat(line).startsWith("alice:pbkdf2-sha256:310000:").doesNotContain("s3cret");
        Files.write(file, List.of("", "# comment", line));
        PasswordFile passwords = PasswordFile.read(file);
        assertThat(passwords.matches("alice", "s3cret".toCharArray())).isTrue();
        assertThat(passwords.matches("alice", "s3cret ".toCharArray())).isFalse();
        assertThat(passwords.matches("bob", "s3cret".toCharArray())).isFalse();
    }

    @Test
    void readsAHashMadeByOpensslKdf() throws IOException {
        // the output of: openssl kdf -keylen 32 -kdfopt digest:SHA256 -kdfopt pass:password
        //     -kdfopt hexsalt:73616c74 -kdfopt iter:1 PBKDF2 | tr -d :   (upper case hex is read too)
        Path file = folder.resolve("passwords");
        Files.write(
                file,
                List.of("carol:pbkdf2-sha256:1:73616c74:"
                        + "120FB6CFFCF8B32C43E7225256C4F837A86548C92CCC35480805987CB70BE17B"));
        assertThat(PasswordFile.read(file).matches("carol", "password".toCharArray()))
                .isTrue();
    }

    @Test
    void aBadLineIsToldByNumberWithoutItsContent() throws IOException {
        Path file = folder.resolve("passwords");
        Files.write(file, List.of("# ok", "dave:plaintext-password"));
        assertThatThrownBy(() -> PasswordFile.read(file))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("line 2")
                .hasMessageNotContaining("plaintext-password");
    }

    @Test
    void proxyUserRules() {
        ProxyUsers proxies = ProxyUsers.of(List.of("hive=*", "spark=alice;bob"));
        assertThat(proxies.mayImpersonate("hive", "anyone")).isTrue();
        assertThat(proxies.mayImpersonate("spark", "bob")).isTrue();
        assertThat(proxies.mayImpersonate("spark", "carol")).isFalse();
        assertThat(proxies.mayImpersonate("alice", "bob")).isFalse();
        assertThatThrownBy(() -> ProxyUsers.of(List.of("hive"))).isInstanceOf(IllegalArgumentException.class);
    }
}
