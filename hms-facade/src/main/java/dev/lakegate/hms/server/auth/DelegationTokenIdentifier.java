package dev.lakegate.hms.server.auth;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;

/**
 * What a metastore delegation token says, in the bytes Hadoop's {@code AbstractDelegationTokenIdentifier}
 * writes (version 0, owner, renewer, real user, issue and maximum dates, sequence number, master key id), so
 * that Hive's clients, Spark and Hadoop's credential files carry Lakegate's tokens as HMS's. Its kind is HMS's,
 * {@value #KIND}: clients pick a metastore token from their credentials by it.
 *
 * @param owner the user the token authenticates
 * @param renewer the short name of the user who may renew it ("" for none)
 * @param realUser the user who asked for it ("" when the owner did)
 */
public record DelegationTokenIdentifier(
        String owner,
        String renewer,
        String realUser,
        long issueDate,
        long maxDate,
        int sequenceNumber,
        int masterKeyId) {

    public static final String KIND = "HIVE_DELEGATION_TOKEN";
    private static final byte VERSION = 0;

    public DelegationTokenIdentifier {
        requireNonNull(owner, "owner is null");
        requireNonNull(renewer, "renewer is null");
        requireNonNull(realUser, "realUser is null");
    }

    /** The identifier in the bytes Hadoop writes, which a token's password signs. */
    public byte[] bytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            Text.writeString(out, owner);
            Text.writeString(out, renewer);
            Text.writeString(out, realUser);
            WritableUtils.writeVLong(out, issueDate);
            WritableUtils.writeVLong(out, maxDate);
            WritableUtils.writeVInt(out, sequenceNumber);
            WritableUtils.writeVInt(out, masterKeyId);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * Reads what {@link #bytes()} wrote.
     *
     * @throws IOException when {@code bytes} are not a token identifier of version 0
     */
    public static DelegationTokenIdentifier parse(byte[] bytes) throws IOException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            byte version = in.readByte();
            if (version != VERSION) {
                throw new IOException("Unknown version of delegation token " + version);
            }
            return new DelegationTokenIdentifier(
                    Text.readString(in),
                    Text.readString(in),
                    Text.readString(in),
                    WritableUtils.readVLong(in),
                    WritableUtils.readVLong(in),
                    WritableUtils.readVInt(in),
                    WritableUtils.readVInt(in));
        } catch (RuntimeException e) {
            // a malformed length makes Text read past the end or allocate a negative array
            throw new IOException("not a delegation token identifier: " + e.getMessage(), e);
        }
    }

    /** As Hadoop prints an identifier, for HMS's messages about a token. */
    @Override
    public String toString() {
        return KIND + " owner=" + owner + ", renewer=" + renewer + ", realUser=" + realUser + ", issueDate="
                + issueDate + ", maxDate=" + maxDate + ", sequenceNumber=" + sequenceNumber + ", masterKeyId="
                + masterKeyId;
    }
}
