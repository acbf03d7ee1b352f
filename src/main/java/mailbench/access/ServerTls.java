package mailbench.access;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.cert.CertificateFactory;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.KeyCertOptions;
import io.vertx.core.net.KeyStoreOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.ServerSSLOptions;

/**
 * How one of mailbench's own servers (the facade, the profiler sidecar) is reached: HTTPS with a certificate and its key
 * (PEM files, or a PKCS12/JKS keystore whose password, if any, is in {@value #KEYSTORE_PASSWORD_ENV}), or plain HTTP.
 * A bearer token crosses plain HTTP in clear text: a server that takes one refuses to listen without TLS on an address
 * other hosts reach, unless {@code allowTokenOverHttp} says that network is trusted.
 */
public record ServerTls(Path certPem, Path keyPem, Path keystore, char[] keystorePassword, boolean allowTokenOverHttp) {

    public static final String KEYSTORE_PASSWORD_ENV = "MAILBENCH_TLS_KEYSTORE_PASSWORD";
    public static final String CERT_OPTION = "--tls-cert";
    public static final String KEY_OPTION = "--tls-key";
    public static final String KEYSTORE_OPTION = "--tls-keystore";
    public static final String ALLOW_TOKEN_OVER_HTTP_OPTION = "--allow-token-over-http";
    /** Plain HTTP, a token only on loopback. */
    public static final ServerTls PLAIN = new ServerTls(null, null, null, null, false);

    public ServerTls {
        if ((certPem == null) != (keyPem == null)) {
            throw new IllegalArgumentException("give both " + CERT_OPTION + " and " + KEY_OPTION + " (PEM), or neither");
        }
        if (certPem != null && keystore != null) {
            throw new IllegalArgumentException("give either " + CERT_OPTION + " and " + KEY_OPTION + " (PEM) or " + KEYSTORE_OPTION
                + " (PKCS12/JKS), not both");
        }
    }

    /**
     * From the command line's files, each read once here so a bad one stops the command at start, naming its option; the
     * keystore's password from {@code env}.
     */
    public static ServerTls of(Path certPem, Path keyPem, Path keystore, boolean allowTokenOverHttp, Map<String, String> env) {
        String password = env.get(KEYSTORE_PASSWORD_ENV);
        ServerTls tls = new ServerTls(certPem, keyPem, keystore, password == null || password.isEmpty() ? null : password.toCharArray(),
            allowTokenOverHttp);
        tls.check();
        return tls;
    }

    public boolean enabled() {
        return certPem != null || keystore != null;
    }

    public String scheme() {
        return enabled() ? "https" : "http";
    }

    /** {@code options} listening with this certificate, HTTP/1.1 only (no ALPN), or unchanged for plain HTTP. */
    public HttpServerOptions applyTo(HttpServerOptions options) {
        return enabled() ? options.setSsl(true).setUseAlpn(false).setKeyCertOptions(keyCert()) : options;
    }

    /** The certificate as Vert.x reads it again, for a server that reloads it. */
    public ServerSSLOptions sslOptions() {
        return new ServerSSLOptions().setKeyCertOptions(keyCert()).setUseAlpn(false);
    }

    private KeyCertOptions keyCert() {
        if (certPem != null) {
            return new PemKeyCertOptions().setCertPath(certPem.toString()).setKeyPath(keyPem.toString());
        }
        String password = keystorePassword == null ? null : new String(keystorePassword);
        return new KeyStoreOptions().setType(load().getType()).setPath(keystore.toString()).setPassword(password)
            .setAliasPassword(password);
    }

    /**
     * Refuses to serve a token ({@code takesToken}) in clear text on {@code host} when other hosts reach it: {@code server}
     * names who listens, for the message.
     */
    public void checkTokenExposure(String host, boolean takesToken, String server) {
        if (takesToken && !enabled() && !allowTokenOverHttp && !isLoopback(host)) {
            throw new IllegalArgumentException("--host " + host + " lets other hosts reach the " + server + " over plain HTTP, where its"
                + " token would cross the network in clear text: give a certificate (" + CERT_OPTION + " and " + KEY_OPTION
                + ", PEM, or " + KEYSTORE_OPTION + "), or " + ALLOW_TOKEN_OVER_HTTP_OPTION + " if this network is trusted");
        }
    }

    /** Whether every address {@code host} names is a loopback one; an unknown name is not. */
    public static boolean isLoopback(String host) {
        try {
            for (InetAddress address : InetAddress.getAllByName(host)) {
                if (!address.isLoopbackAddress()) {
                    return false;
                }
            }
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    @Override
    public String toString() {
        return describe();
    }

    /** One line for startup messages: what the server presents, never a password. */
    public String describe() {
        return certPem != null ? "TLS certificate " + certPem : keystore != null ? "TLS keystore " + keystore
            : "plain HTTP" + (allowTokenOverHttp ? " (" + ALLOW_TOKEN_OVER_HTTP_OPTION + ")" : "");
    }

    private KeyStore load() {
        try {
            // the JDK reads PKCS12 and JKS alike and tells them apart itself
            return KeyStore.getInstance(keystore.toFile(), keystorePassword);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException(KEYSTORE_OPTION + ": cannot read the keystore " + keystore + " (" + e.getMessage()
                + "); a password-protected one needs $" + KEYSTORE_PASSWORD_ENV);
        }
    }

    private static boolean isKey(KeyStore store, String alias) {
        try {
            return store.isKeyEntry(alias);
        } catch (KeyStoreException e) {
            return false;
        }
    }

    private static void requireFile(Path file, String option) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(option + ": no such file: " + file);
        }
    }

    private void check() {
        if (certPem != null) {
            requireFile(certPem, CERT_OPTION);
            requireFile(keyPem, KEY_OPTION);
            try (InputStream in = Files.newInputStream(certPem)) {
                if (CertificateFactory.getInstance("X.509").generateCertificates(in).isEmpty()) {
                    throw new IllegalArgumentException(CERT_OPTION + ": " + certPem + " holds no certificate (expected PEM: -----BEGIN CERTIFICATE-----)");
                }
            } catch (IOException | GeneralSecurityException e) {
                throw new IllegalArgumentException(CERT_OPTION + ": cannot read a certificate from " + certPem + " (" + e.getMessage() + ")");
            }
            String key;
            try {
                key = Files.readString(keyPem, StandardCharsets.US_ASCII);
            } catch (IOException e) {
                throw new IllegalArgumentException(KEY_OPTION + ": cannot read " + keyPem + " (" + e.getMessage() + ")");
            }
            if (!key.contains("PRIVATE KEY-----")) {
                throw new IllegalArgumentException(KEY_OPTION + ": " + keyPem + " holds no private key (expected PEM: -----BEGIN PRIVATE KEY-----)");
            }
        } else if (keystore != null) {
            requireFile(keystore, KEYSTORE_OPTION);
            KeyStore store = load();
            try {
                List<String> keys = Collections.list(store.aliases()).stream().filter(alias -> isKey(store, alias)).toList();
                if (keys.isEmpty()) {
                    throw new IllegalArgumentException(KEYSTORE_OPTION + ": " + keystore + " holds no private key with its certificate");
                }
                // a PKCS12 file opens without its password (no integrity check), its key does not
                store.getKey(keys.get(0), keystorePassword);
            } catch (GeneralSecurityException | RuntimeException e) {
                if (e instanceof IllegalArgumentException refused) {
                    throw refused;
                }
                throw new IllegalArgumentException(KEYSTORE_OPTION + ": cannot read the key in " + keystore + " (" + e.getMessage()
                    + "); a password-protected one needs $" + KEYSTORE_PASSWORD_ENV);
            }
        }
    }
}
