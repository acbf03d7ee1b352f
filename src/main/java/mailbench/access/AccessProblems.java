package mailbench.access;

import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateException;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * Turns a failure to get into OpenSearch (refused credentials, an untrusted certificate, a
 * certificate for another host, TLS against a plain port) into one sentence that names the fix.
 */
public final class AccessProblems {

    private AccessProblems() {
    }

    /** The sentence for {@code error} or any of its causes, or null when it is not an access problem. */
    public static String explain(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof CredentialsRefused) {
                return t.getMessage();
            }
            if (t instanceof SSLPeerUnverifiedException || (t instanceof SSLException && mentions(t, "subject alternative"))) {
                return "OpenSearch's TLS certificate does not name the host in the URL (" + rootMessage(t)
                    + "): use a host name or IP address the certificate lists";
            }
            if (t instanceof SSLHandshakeException && untrusted(t)) {
                return "OpenSearch's TLS certificate is not trusted (" + rootMessage(t) + "): give the CA that signed it with "
                    + OpenSearchAccess.CA_OPTION + " <pem file> or " + OpenSearchAccess.TRUSTSTORE_OPTION + " <file>";
            }
            if (t instanceof SSLException) {
                return "TLS with OpenSearch failed (" + rootMessage(t) + "): check that an https URL points at an https port"
                    + " (and an http URL at a plain one)";
            }
        }
        return null;
    }

    private static boolean mentions(Throwable error, String words) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains(words)) {
                return true;
            }
        }
        return false;
    }

    private static boolean untrusted(Throwable handshake) {
        for (Throwable t = handshake; t != null; t = t.getCause()) {
            if (t instanceof CertPathBuilderException || t instanceof CertificateException
                || (t.getMessage() != null && t.getMessage().contains("PKIX"))) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
    }
}
