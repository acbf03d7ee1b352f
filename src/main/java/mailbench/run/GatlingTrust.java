package mailbench.run;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;

import mailbench.access.TlsTrust;
import mailbench.knobs.Knobs;
import mailbench.settings.BenchConfig;

/**
 * Makes the load's own requests check an https target's certificate against -Dmailbench.facade.ca, as the run's other
 * calls do. Gatling reads its TLS settings once, before the simulation exists, and takes a truststore file, not PEM: with
 * {@value #INSECURE_PROPERTY}=false (the pom adds it when -Dmailbench.facade.ca is given) it trusts the JVM's default
 * truststore, which the JDK reads when Gatling builds its TLS context, after the simulation's constructor. So the CAs are
 * written here into a PKCS12 truststore (public certificates only) and named by the JDK's javax.net.ssl.trustStore
 * properties. The OpenSearch CA of -Dmailbench.opensearch.ca goes in too, for the direct path.
 */
final class GatlingTrust {

    static final String INSECURE_PROPERTY = "gatling.ssl.useInsecureTrustManager";
    /** Guards no secret: the store holds public certificates only; PKCS12 wants a password for its integrity check. */
    private static final char[] STORE_PASSWORD = "mailbench-public-cas".toCharArray();

    private GatlingTrust() {
    }

    /** Nothing without -Dmailbench.facade.ca or for a local run; else the truststore under {@code dir}, named to the JDK. */
    static void install(BenchConfig config, Path dir) throws IOException {
        if (config.local() || config.facade().ca() == null) {
            return;
        }
        if (!"false".equals(System.getProperty(INSECURE_PROPERTY))) {
            throw new IllegalArgumentException("-D" + Knobs.FACADE_CA.name() + ": Gatling checks certificates only with -D"
                + INSECURE_PROPERTY + "=false, which mvn gatling:test adds when -D" + Knobs.FACADE_CA.name() + " is given (the pom's"
                + " facade-ca profile): give it to the JVM that runs Gatling");
        }
        String option = "-D" + Knobs.FACADE_CA.name();
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            add(store, new TlsTrust(config.facade().ca(), null, null).trustStore(option, option), "facade-");
            TlsTrust opensearch = config.target().opensearchAccess().trust();
            if (opensearch.custom()) {
                add(store, opensearch.trustStore("-D" + Knobs.OPENSEARCH_CA.name(), "-D" + Knobs.OPENSEARCH_TRUSTSTORE.name()), "opensearch-");
            }
            Files.createDirectories(dir);
            Path file = dir.resolve("gatling-truststore.p12");
            try (OutputStream out = Files.newOutputStream(file)) {
                store.store(out, STORE_PASSWORD);
            }
            System.setProperty("javax.net.ssl.trustStore", file.toAbsolutePath().toString());
            System.setProperty("javax.net.ssl.trustStoreType", "PKCS12");
            System.setProperty("javax.net.ssl.trustStorePassword", new String(STORE_PASSWORD));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(option + ": cannot make Gatling's truststore: " + e.getMessage());
        }
    }

    private static void add(KeyStore store, KeyStore cas, String prefix) throws GeneralSecurityException {
        for (String alias : Collections.list(cas.aliases())) {
            if (cas.isCertificateEntry(alias)) {
                store.setCertificateEntry(prefix + alias, cas.getCertificate(alias));
            }
        }
    }
}
