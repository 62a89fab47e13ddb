package dev.lakegate.hms.handler.tokens;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import javax.security.sasl.SaslException;
import org.apache.hadoop.io.WritableUtils;

/**
 * What the store keeps of a token besides its identifier, in HMS's form: the password's length and bytes, then
 * the renewal date, in URL-safe Base64 without padding (HMS's {@code DBTokenStore}).
 */
record TokenInformation(byte[] password, long renewDate) {

    static TokenInformation of(byte[] password, long renewDate) {
        return new TokenInformation(password.clone(), renewDate);
    }

    String encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            WritableUtils.writeVInt(out, password.length);
            out.write(password);
            out.writeLong(renewDate);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.toByteArray());
    }

    static TokenInformation decode(String kept) throws SaslException {
        try (DataInputStream in = new DataInputStream(
                new ByteArrayInputStream(Base64.getUrlDecoder().decode(kept)))) {
            byte[] password = new byte[WritableUtils.readVInt(in)];
            in.readFully(password);
            return new TokenInformation(password, in.readLong());
        } catch (IOException | RuntimeException e) {
            throw new SaslException("a kept token cannot be read: " + e.getMessage(), e);
        }
    }
}
