package mailbench.access;

import java.nio.file.Path;
import java.util.Map;

import javax.net.ssl.SSLContext;

/**
 * How to get into an OpenSearch besides its URL: which CAs to trust for https and which
 * credentials to send. {@link #NONE}: the JDK's CAs and no credentials (the local node).
 */
public record OpenSearchAccess(TlsTrust trust, Credentials credentials) {

    public static final OpenSearchAccess NONE = new OpenSearchAccess(TlsTrust.JDK_DEFAULT, null);

    /** Option names as the facade's command line spells them; messages name them. */
    public static final String CA_OPTION = "--opensearch-ca";
    public static final String TRUSTSTORE_OPTION = "--opensearch-truststore";
    public static final String CREDENTIALS_OPTION = "--opensearch-credentials-file";

    public OpenSearchAccess {
        if (trust == null) {
            throw new IllegalArgumentException("TLS trust must be given (TlsTrust.JDK_DEFAULT for the JDK's CAs)");
        }
    }

    /** From the command line's files and the environment (credentials and the truststore password). */
    public static OpenSearchAccess of(Path caPem, Path truststore, Path credentialsFile, Map<String, String> env) {
        return of(caPem, truststore, credentialsFile, env, CA_OPTION, TRUSTSTORE_OPTION, CREDENTIALS_OPTION);
    }

    /** The same, naming in messages the options (or -D properties) the three files were given with. */
    public static OpenSearchAccess of(Path caPem, Path truststore, Path credentialsFile, Map<String, String> env, String caOption,
                                      String truststoreOption, String credentialsOption) {
        if (caPem != null && truststore != null) {
            throw new IllegalArgumentException("give either " + caOption + " (PEM) or " + truststoreOption + " (PKCS12/JKS), not both");
        }
        requireFile(caPem, caOption);
        requireFile(truststore, truststoreOption);
        requireFile(credentialsFile, credentialsOption);
        String storePassword = env.get(TlsTrust.TRUSTSTORE_PASSWORD_ENV);
        TlsTrust trust = new TlsTrust(caPem, truststore, storePassword == null || storePassword.isEmpty() ? null : storePassword.toCharArray());
        OpenSearchAccess access = new OpenSearchAccess(trust, Credentials.fromFileOrEnv(credentialsFile, credentialsOption, env));
        trust.sslContext(caOption, truststoreOption); // a bad CA file fails at startup, not at the first request
        return access;
    }

    private static void requireFile(Path file, String option) {
        if (file != null && !java.nio.file.Files.isRegularFile(file)) {
            throw new IllegalArgumentException(option + ": no such file: " + file);
        }
    }

    public SSLContext sslContext() {
        return trust.sslContext(CA_OPTION, TRUSTSTORE_OPTION);
    }

    /** One line for startup messages: what is trusted and where the credentials come from, never what they are. */
    public String describe() {
        return "TLS trust: " + trust + ", basic auth: " + (credentials == null ? "none" : "from " + credentials.source());
    }
}
