package mailbench.access;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Which certificate authorities an https connection to OpenSearch trusts: the JDK's own (no
 * option), the certificates of a PEM file, or a truststore (PKCS12 or JKS). A PEM file or a
 * truststore replaces the JDK's list: only the CAs given are trusted.
 */
public record TlsTrust(Path caPem, Path truststore, char[] truststorePassword) {

    public static final String TRUSTSTORE_PASSWORD_ENV = "MAILBENCH_OPENSEARCH_TRUSTSTORE_PASSWORD";
    public static final TlsTrust JDK_DEFAULT = new TlsTrust(null, null, null);

    public TlsTrust {
        if (caPem != null && truststore != null) {
            throw new IllegalArgumentException("give either a CA file (PEM) or a truststore, not both");
        }
    }

    public boolean custom() {
        return caPem != null || truststore != null;
    }

    /** An SSLContext trusting these CAs; a file that cannot be read or holds no certificate is a clear error. */
    public SSLContext sslContext(String caOption, String truststoreOption) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(custom() ? trustStore(caOption, truststoreOption) : null);
            context.init(null, factory.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot set up TLS trust: " + e.getMessage());
        }
    }

    /** The CAs given, as a key store of trusted certificates; only for {@link #custom()} trust. */
    public KeyStore trustStore(String caOption, String truststoreOption) throws GeneralSecurityException {
        if (truststore != null) {
            try {
                // the JDK reads PKCS12 and JKS alike and tells them apart itself
                return KeyStore.getInstance(truststore.toFile(), truststorePassword);
            } catch (IOException | GeneralSecurityException e) {
                throw new IllegalArgumentException(truststoreOption + ": cannot read the truststore " + truststore + " ("
                    + e.getMessage() + "); a password-protected one needs $" + TRUSTSTORE_PASSWORD_ENV);
            }
        }
        Collection<? extends Certificate> certificates;
        try (InputStream in = Files.newInputStream(caPem)) {
            certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException(caOption + ": cannot read CA certificates from " + caPem + " (" + e.getMessage() + ")");
        }
        if (certificates.isEmpty()) {
            throw new IllegalArgumentException(caOption + ": " + caPem + " holds no certificate (expected PEM: -----BEGIN CERTIFICATE-----)");
        }
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        try {
            store.load(null, null);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        int i = 0;
        for (Certificate certificate : certificates) {
            store.setCertificateEntry("ca-" + i++, certificate);
        }
        return store;
    }

    @Override
    public String toString() {
        return caPem != null ? "CA " + caPem : truststore != null ? "truststore " + truststore : "JDK default CAs";
    }
}
