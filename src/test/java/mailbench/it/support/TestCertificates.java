package mailbench.it.support;

import java.io.IOException;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

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
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throw-away certificate authority and a server certificate it signed for 127.0.0.1 and
 * localhost, made fresh for a test: the CA goes to a PEM file (what an operator gets from the
 * staging team), the server key and chain into a keystore or PEM files.
 */
public final class TestCertificates {

    private static final char[] KEY_PASSWORD = "front-key".toCharArray();

    private final X509Certificate ca;
    private final X509Certificate server;
    private final KeyPair serverKeys;

    private TestCertificates(X509Certificate ca, X509Certificate server, KeyPair serverKeys) {
        this.ca = ca;
        this.server = server;
        this.serverKeys = serverKeys;
    }

    public static TestCertificates create() throws GeneralSecurityException, OperatorCreationException, IOException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(256);
        KeyPair caKeys = generator.generateKeyPair();
        KeyPair serverKeys = generator.generateKeyPair();
        Date from = Date.from(Instant.now().minus(Duration.ofHours(1)));
        Date to = Date.from(Instant.now().plus(Duration.ofDays(1)));
        ContentSigner caSigner = new JcaContentSignerBuilder("SHA256withECDSA").build(caKeys.getPrivate());

        X500Name caName = new X500Name("CN=mailbench test CA");
        X509v3CertificateBuilder caBuilder = new JcaX509v3CertificateBuilder(caName, BigInteger.ONE, from, to, caName, caKeys.getPublic())
            .addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
            .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        X509Certificate ca = certificate(caBuilder, caSigner);

        X509v3CertificateBuilder serverBuilder = new JcaX509v3CertificateBuilder(ca, BigInteger.TWO, from, to,
            new X500Name("CN=localhost"), serverKeys.getPublic())
            .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
            .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
            .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth))
            .addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                new GeneralName(GeneralName.iPAddress, "127.0.0.1"), new GeneralName(GeneralName.dNSName, "localhost")}));
        return new TestCertificates(ca, certificate(serverBuilder, caSigner), serverKeys);
    }

    private static X509Certificate certificate(X509v3CertificateBuilder builder, ContentSigner signer) throws GeneralSecurityException {
        return new JcaX509CertificateConverter().getCertificate(builder.build(signer));
    }

    /** Writes the CA certificate as PEM. */
    public Path writeCaPem(Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file); JcaPEMWriter pem = new JcaPEMWriter(out)) {
            pem.writeObject(ca);
        }
        return file;
    }

    /**
     * The server side as PEM files, as an operator gets them from a CA: the certificate followed by the CA's, and the key,
     * unencrypted PKCS#8.
     */
    public void writeServerPem(Path certificate, Path key) throws IOException {
        try (Writer out = Files.newBufferedWriter(certificate); JcaPEMWriter pem = new JcaPEMWriter(out)) {
            pem.writeObject(server);
            pem.writeObject(ca);
        }
        try (Writer out = Files.newBufferedWriter(key); JcaPEMWriter pem = new JcaPEMWriter(out)) {
            pem.writeObject(new JcaPKCS8Generator(serverKeys.getPrivate(), null));
        }
    }

    /** The server side as a PKCS12 file's bytes: its key and the chain up to the CA, under {@link #serverKeyPassword()}. */
    public byte[] serverKeyStore() throws GeneralSecurityException, IOException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("front", serverKeys.getPrivate(), KEY_PASSWORD, new X509Certificate[] {server, ca});
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        store.store(bytes, KEY_PASSWORD);
        return bytes.toByteArray();
    }

    public String serverKeyPassword() {
        return new String(KEY_PASSWORD);
    }
}
