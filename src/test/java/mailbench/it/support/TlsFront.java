package mailbench.it.support;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.KeyStoreOptions;

/**
 * What a secured staging OpenSearch looks like from outside, in front of the real embedded node:
 * HTTPS (Netty, as OpenSearch's own HTTP layer) with a certificate of its own CA, and Basic auth
 * checked like OpenSearch's security plugin does (401 with a plain-text body and a challenge).
 * Accepted requests go on to the node as they came; the front counts what it saw.
 */
public final class TlsFront implements AutoCloseable {

    private final Vertx vertx = Vertx.vertx();
    private final HttpClient backendClient = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
        .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI backend;
    private final byte[] expectedAuthorization;
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private HttpServer server;

    private TlsFront(URI backend, String user, String password) {
        this.backend = backend;
        this.expectedAuthorization = ("Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)))
            .getBytes(StandardCharsets.UTF_8);
    }

    public static TlsFront start(TestCertificates certificates, URI backend, String user, String password) throws Exception {
        TlsFront front = new TlsFront(backend, user, password);
        HttpServerOptions options = new HttpServerOptions().setSsl(true).setKeyCertOptions(new KeyStoreOptions().setType("PKCS12")
            .setValue(Buffer.buffer(certificates.serverKeyStore())).setPassword(certificates.serverKeyPassword()));
        front.server = front.vertx.createHttpServer(options).requestHandler(front::handle).listen(0, "127.0.0.1")
            .await(30, TimeUnit.SECONDS);
        return front;
    }

    public URI url() {
        return URI.create("https://127.0.0.1:" + server.actualPort());
    }

    /** Requests that passed the auth check and went on to the node. */
    public int accepted() {
        return accepted.get();
    }

    /** Requests answered 401. */
    public int refused() {
        return refused.get();
    }

    private void handle(HttpServerRequest request) {
        request.body().onSuccess(body -> {
            String authorization = request.getHeader("Authorization");
            if (authorization == null || !MessageDigest.isEqual(expectedAuthorization, authorization.getBytes(StandardCharsets.UTF_8))) {
                refused.incrementAndGet();
                request.response().setStatusCode(401).putHeader("WWW-Authenticate", "Basic realm=\"mailbench test front\"")
                    .putHeader("Content-Type", "text/plain; charset=UTF-8").end("Unauthorized");
                return;
            }
            accepted.incrementAndGet();
            forward(request, body.getBytes());
        });
    }

    private void forward(HttpServerRequest request, byte[] body) {
        HttpRequest.Builder call = HttpRequest.newBuilder(URI.create(backend + request.uri())).timeout(Duration.ofSeconds(60))
            .method(request.method().name(), body.length == 0 ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        String contentType = request.getHeader("Content-Type");
        if (contentType != null) {
            call.header("Content-Type", contentType);
        }
        backendClient.sendAsync(call.build(), HttpResponse.BodyHandlers.ofByteArray()).whenComplete((response, failure) -> {
            if (failure != null) {
                request.response().setStatusCode(502).end("front: " + failure);
                return;
            }
            request.response().setStatusCode(response.statusCode());
            response.headers().firstValue("Content-Type").ifPresent(type -> request.response().putHeader("Content-Type", type));
            request.response().end(Buffer.buffer(response.body()));
        });
    }

    @Override
    public void close() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }
}
