package mailbench.access;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.Collections;

/** A real CA certificate as a PEM file, taken from the JDK's own CAs, for tests that need a readable CA file. */
public final class JdkCaPem {

    private JdkCaPem() {
    }

    public static Path write(Path file) throws Exception {
        KeyStore cacerts = KeyStore.getInstance(Path.of(System.getProperty("java.home"), "lib", "security", "cacerts").toFile(),
            "changeit".toCharArray());
        String alias = Collections.list(cacerts.aliases()).stream().filter(a -> isCertificate(cacerts, a)).findFirst().orElseThrow();
        Certificate certificate = cacerts.getCertificate(alias);
        String pem = "-----BEGIN CERTIFICATE-----\n"
            + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(certificate.getEncoded())
            + "\n-----END CERTIFICATE-----\n";
        return Files.writeString(file, pem);
    }

    private static boolean isCertificate(KeyStore store, String alias) {
        try {
            return store.isCertificateEntry(alias);
        } catch (java.security.KeyStoreException e) {
            return false;
        }
    }
}
