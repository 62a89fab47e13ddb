package dev.lakegate.tls.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A certificate authority made in the test JVM, and the certificates it issues, written as the files
 * Lakegate's TLS options read: PEM (the gRPC door) and PKCS12 key and trust stores (the Thrift door, as
 * HMS and its clients read them). Every certificate it issues names 127.0.0.1 and localhost, since HMS
 * clients and gRPC check the name of the host they dialled.
 */
public final class TestPki {

    private static final AtomicLong SERIALS = new AtomicLong(System.currentTimeMillis());

    private final String name;
    private final KeyPair keys;
    private final X509Certificate certificate;

    private TestPki(String name, KeyPair keys, X509Certificate certificate) {
        this.name = name;
        this.keys = keys;
        this.certificate = certificate;
    }

    /** A new self-signed CA called {@code name}. */
    public static TestPki authority(String name) throws GeneralSecurityException {
        KeyPair keys = newKeys();
        X500Name subject = new X500Name("CN=" + name);
        X509v3CertificateBuilder builder = builder(subject, subject, keys);
        try {
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        } catch (IOException e) {
            throw new GeneralSecurityException(e);
        }
        return new TestPki(name, keys, sign(builder, keys.getPrivate()));
    }

    public X509Certificate certificate() {
        return certificate;
    }

    /** A certificate for 127.0.0.1 and localhost, good for a server and a client, signed by this CA. */
    public Issued issue(String commonName) throws GeneralSecurityException {
        KeyPair leaf = newKeys();
        X509v3CertificateBuilder builder = builder(new X500Name("CN=" + name), new X500Name("CN=" + commonName), leaf);
        try {
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(
                            Extension.keyUsage,
                            true,
                            new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment))
                    .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(new KeyPurposeId[] {
                        KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth
                    }))
                    .addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                        new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
                        new GeneralName(GeneralName.dNSName, "localhost")
                    }));
        } catch (IOException e) {
            throw new GeneralSecurityException(e);
        }
        return new Issued(sign(builder, keys.getPrivate()), leaf.getPrivate(), certificate);
    }

    /** This CA's certificate as a PEM file (what gRPC's trust options read). */
    public Path writePem(Path file) throws IOException, GeneralSecurityException {
        Files.writeString(file, pem("CERTIFICATE", certificate.getEncoded()));
        return file;
    }

    /** A PKCS12 trust store holding this CA's certificate (what an HMS client's truststore settings read). */
    public Path writeTrustStore(Path file, String password) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setCertificateEntry("ca", certificate);
        return save(store, file, password);
    }

    /** A certificate with its private key and the CA that signed it. */
    public record Issued(X509Certificate certificate, PrivateKey key, X509Certificate authority) {

        /** The certificate chain (leaf, then CA) as a PEM file. */
        public Path writeCertificatePem(Path file) throws IOException, GeneralSecurityException {
            Files.writeString(
                    file, pem("CERTIFICATE", certificate.getEncoded()) + pem("CERTIFICATE", authority.getEncoded()));
            return file;
        }

        /** The private key as an unencrypted PKCS#8 PEM file. */
        public Path writeKeyPem(Path file) throws IOException {
            Files.writeString(file, pem("PRIVATE KEY", key.getEncoded()));
            return file;
        }

        /** A key store of {@code type} with the key and its chain under {@code password}. */
        public Path writeKeyStore(Path file, String password, String type)
                throws IOException, GeneralSecurityException {
            KeyStore store = KeyStore.getInstance(type);
            store.load(null, null);
            store.setKeyEntry("server", key, password.toCharArray(), new Certificate[] {certificate, authority});
            return save(store, file, password);
        }
    }

    private static Path save(KeyStore store, Path file, String password) throws IOException, GeneralSecurityException {
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, password.toCharArray());
        }
        return file;
    }

    private static KeyPair newKeys() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static X509v3CertificateBuilder builder(X500Name issuer, X500Name subject, KeyPair keys) {
        Instant now = Instant.now();
        return new JcaX509v3CertificateBuilder(
                issuer,
                BigInteger.valueOf(SERIALS.incrementAndGet()),
                Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(2))),
                subject,
                keys.getPublic());
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey issuerKey)
            throws GeneralSecurityException {
        try {
            return new JcaX509CertificateConverter()
                    .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKey)));
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }
}
