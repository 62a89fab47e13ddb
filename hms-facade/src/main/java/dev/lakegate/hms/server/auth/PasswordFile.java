package dev.lakegate.hms.server.auth;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Users and password hashes from a file, read once at startup: a line per user,
 * {@code USER:pbkdf2-sha256:ITERATIONS:SALT_HEX:HASH_HEX} (PBKDF2 with HMAC-SHA256, as
 * {@code openssl kdf ... PBKDF2} makes), blank lines and lines starting {@code #} ignored. Hashes, not
 * passwords, so that the file leaks no password; the file's own permissions are the operator's.
 */
public final class PasswordFile implements PasswordCheck {

    static final String SCHEME = "pbkdf2-sha256";
    static final int DEFAULT_ITERATIONS = 310_000;
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final int FIELDS = 5;
    private static final HexFormat HEX = HexFormat.of();

    private final Path file;
    private final Map<String, Entry> entries;

    private PasswordFile(Path file, Map<String, Entry> entries) {
        this.file = file;
        this.entries = Map.copyOf(entries);
    }

    /**
     * Reads {@code file}.
     *
     * @throws IOException when it cannot be read or a line is not of the format (the line's number is
     *     told, never its content)
     */
    public static PasswordFile read(Path file) throws IOException {
        requireNonNull(file, "file is null");
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Map<String, Entry> entries = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split(":", -1);
            try {
                if (fields.length != FIELDS || fields[0].isEmpty() || !SCHEME.equals(fields[1])) {
                    throw new IllegalArgumentException("not USER:" + SCHEME + ":ITERATIONS:SALT_HEX:HASH_HEX");
                }
                Entry entry = new Entry(Integer.parseInt(fields[2]), HEX.parseHex(fields[3]), HEX.parseHex(fields[4]));
                if (entry.iterations < 1 || entry.hash.length == 0 || entries.put(fields[0], entry) != null) {
                    throw new IllegalArgumentException("bad iterations or hash, or a user given twice");
                }
            } catch (IllegalArgumentException e) {
                throw new IOException(file + ", line " + (i + 1) + ": " + e.getMessage());
            }
        }
        return new PasswordFile(file, entries);
    }

    /** A line of the file for {@code user} with a new random salt. */
    public static String line(String user, char[] password) {
        byte[] salt = new byte[SALT_BYTES];
        new SecureRandom().nextBytes(salt);
        byte[] hash = pbkdf2(password, salt, DEFAULT_ITERATIONS, HASH_BYTES);
        return String.join(
                ":", user, SCHEME, Integer.toString(DEFAULT_ITERATIONS), HEX.formatHex(salt), HEX.formatHex(hash));
    }

    @Override
    public boolean matches(String user, char[] password) {
        Entry entry = entries.get(user);
        if (entry == null) {
            return false;
        }
        return MessageDigest.isEqual(entry.hash, pbkdf2(password, entry.salt, entry.iterations, entry.hash.length));
    }

    @Override
    public String describe() {
        return "the password file " + file + " (" + entries.size() + " users)";
    }

    private static byte[] pbkdf2(char[] password, byte[] salt, int iterations, int bytes) {
        PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, bytes * Byte.SIZE);
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                    .generateSecret(spec)
                    .getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks PBKDF2WithHmacSHA256", e);
        } finally {
            spec.clearPassword();
        }
    }

    private record Entry(int iterations, byte[] salt, byte[] hash) {}
}
