package mailbench.it.support;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.KeyStoreOptions;

/**
 * A front before the real embedded node that passes requests on as they came and counts what it saw. Two kinds:
 * {@link #tls} is what a secured staging OpenSearch looks like from outside (HTTPS on Netty, as OpenSearch's own
 * HTTP layer, with a certificate of its own CA, and Basic auth checked like OpenSearch's security plugin does: 401
 * with a plain-text body and a challenge); {@link #passingEncoding} is plain HTTP and passes {@code Accept-Encoding}
 * on and {@code Content-Encoding} back, so the node compresses exactly when the client asked, as without the front.
 */
public final class NodeFront implements AutoCloseable {

    private static final List<String> TYPE = List.of("Content-Type");
    private static final List<String> TYPE_AND_ACCEPT_ENCODING = List.of("Content-Type", "Accept-Encoding");
    private static final List<String> TYPE_AND_CONTENT_ENCODING = List.of("Content-Type", "Content-Encoding");

    private final Vertx vertx = Vertx.vertx();
    private final HttpClient backendClient = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
        .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI backend;
    /** Null: no auth check. */
    private final byte[] expectedAuthorization;
    private final List<String> requestHeaders;
    private final List<String> responseHeaders;
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private final List<String> searchEncodings = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private String scheme;

    private NodeFront(URI backend, byte[] expectedAuthorization, List<String> requestHeaders, List<String> responseHeaders) {
        this.backend = backend;
        this.expectedAuthorization = expectedAuthorization;
        this.requestHeaders = requestHeaders;
        this.responseHeaders = responseHeaders;
    }

    /** HTTPS with {@code certificates}' server key, and Basic auth for {@code user} / {@code password}. */
    public static NodeFront tls(TestCertificates certificates, URI backend, String user, String password) throws Exception {
        byte[] authorization = ("Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)))
            .getBytes(StandardCharsets.UTF_8);
        HttpServerOptions options = new HttpServerOptions().setSsl(true).setKeyCertOptions(new KeyStoreOptions().setType("PKCS12")
            .setValue(Buffer.buffer(certificates.serverKeyStore())).setPassword(certificates.serverKeyPassword()));
        return new NodeFront(backend, authorization, TYPE, TYPE).listen(options, "https");
    }

    /** Plain HTTP, no auth, the encodings passed through; notes the Accept-Encoding of each search. */
    public static NodeFront passingEncoding(URI backend) throws Exception {
        return new NodeFront(backend, null, TYPE_AND_ACCEPT_ENCODING, TYPE_AND_CONTENT_ENCODING).listen(new HttpServerOptions(), "http");
    }

    private NodeFront listen(HttpServerOptions options, String urlScheme) throws Exception {
        scheme = urlScheme;
        server = vertx.createHttpServer(options).requestHandler(this::handle).listen(0, "127.0.0.1").await(30, TimeUnit.SECONDS);
        return this;
    }

    public URI url() {
        return URI.create(scheme + "://127.0.0.1:" + server.actualPort());
    }

    /** Requests that passed the auth check (all, without one) and went on to the node. */
    public int accepted() {
        return accepted.get();
    }

    /** Requests answered 401. */
    public int refused() {
        return refused.get();
    }

    /** The Accept-Encoding of each _search request seen, "" where there was none. */
    public List<String> searchEncodings() {
        return List.copyOf(searchEncodings);
    }

    private void handle(HttpServerRequest request) {
        request.body().onSuccess(body -> {
            if (expectedAuthorization != null && !authorized(request.getHeader("Authorization"))) {
                refused.incrementAndGet();
                request.response().setStatusCode(401).putHeader("WWW-Authenticate", "Basic realm=\"mailbench test front\"")
                    .putHeader("Content-Type", "text/plain; charset=UTF-8").end("Unauthorized");
                return;
            }
            accepted.incrementAndGet();
            if (request.path().endsWith("/_search")) {
                String acceptEncoding = request.getHeader("Accept-Encoding");
                searchEncodings.add(acceptEncoding == null ? "" : acceptEncoding);
            }
            forward(request, body.getBytes());
        });
    }

    private boolean authorized(String authorization) {
        return authorization != null && MessageDigest.isEqual(expectedAuthorization, authorization.getBytes(StandardCharsets.UTF_8));
    }

    private void forward(HttpServerRequest request, byte[] body) {
        HttpRequest.Builder call = HttpRequest.newBuilder(URI.create(backend + request.uri())).timeout(Duration.ofSeconds(60))
            .method(request.method().name(), body.length == 0 ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        for (String name : requestHeaders) {
            String value = request.getHeader(name);
            if (value != null) {
                call.header(name, value);
            }
        }
        backendClient.sendAsync(call.build(), HttpResponse.BodyHandlers.ofByteArray()).whenComplete((response, failure) -> {
            if (failure != null) {
                request.response().setStatusCode(502).end("front: " + failure);
                return;
            }
            request.response().setStatusCode(response.statusCode());
            for (String name : responseHeaders) {
                response.headers().firstValue(name).ifPresent(value -> request.response().putHeader(name, value));
            }
            request.response().end(Buffer.buffer(response.body()));
        });
    }

    @Override
    public void close() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }
}
