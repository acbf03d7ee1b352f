package mailbench.facadeclient;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import javax.net.ssl.SSLContext;

import mailbench.access.TlsTrust;
import mailbench.facade.FacadeToken;

/**
 * How mailbench's clients get into a facade besides its URL: its token (null: the facade wants none) and, for an https
 * facade, the CAs its certificate is checked against (the JDK's, or a PEM file; host names are checked). Every call of
 * one access goes through one HTTP client.
 */
public final class FacadeAccess {

    /** No token, the JDK's CAs: a local facade, or one on loopback. */
    public static final FacadeAccess NONE = new FacadeAccess(null, TlsTrust.JDK_DEFAULT, "");

    private final FacadeToken token;
    private final TlsTrust trust;
    private final SSLContext sslContext;
    private HttpClient http;

    /** {@code caOption}: the option or -D property the CA file was given as, named when it cannot be read. */
    private FacadeAccess(FacadeToken token, TlsTrust trust, String caOption) {
        this.token = token;
        this.trust = trust;
        // a bad CA file fails here, at startup, not at the first call
        this.sslContext = trust.sslContext(caOption, caOption);
    }

    /** With {@code token} (null: none) and the JDK's CAs. */
    public static FacadeAccess of(FacadeToken token) {
        return token == null ? NONE : new FacadeAccess(token, TlsTrust.JDK_DEFAULT, "");
    }

    /** With {@code token} (null: none), trusting only the CAs of {@code caPem} (null: the JDK's), given as {@code caOption}. */
    public static FacadeAccess of(FacadeToken token, Path caPem, String caOption) {
        if (caPem != null && !Files.isRegularFile(caPem)) {
            throw new IllegalArgumentException(caOption + ": no such file: " + caPem);
        }
        return caPem == null ? of(token) : new FacadeAccess(token, new TlsTrust(caPem, null, null), caOption);
    }

    public FacadeToken token() {
        return token;
    }

    public TlsTrust trust() {
        return trust;
    }

    /** {@code request} with the token's {@code Authorization} header, if there is a token. */
    public HttpRequest.Builder authorize(HttpRequest.Builder request) {
        return FacadeToken.authorize(request, token);
    }

    /** The one HTTP client of this access: no proxy, 5 s to connect, this trust for https. */
    public synchronized HttpClient http() {
        if (http == null) {
            http = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).connectTimeout(Duration.ofSeconds(5)).sslContext(sslContext)
                .build();
        }
        return http;
    }

    @Override
    public String toString() {
        return "FacadeAccess[token " + (token == null ? "none" : "given") + ", TLS trust: " + trust + "]";
    }
}
