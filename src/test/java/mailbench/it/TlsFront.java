package mailbench.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.SSLContext;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

/**
 * What a secured staging OpenSearch looks like from outside, in front of the real embedded node:
 * HTTPS with a certificate of its own CA, and Basic auth checked like OpenSearch's security
 * plugin does (401 with a plain-text body and a challenge). Accepted requests go on to the node
 * as they came; the front counts what it saw.
 */
final class TlsFront implements AutoCloseable {

    private final HttpsServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(32);
    private final HttpClient backendClient = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
        .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI backend;
    private final byte[] expectedAuthorization;
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();

    private TlsFront(HttpsServer server, URI backend, String user, String password) {
        this.server = server;
        this.backend = backend;
        this.expectedAuthorization = ("Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)))
            .getBytes(StandardCharsets.UTF_8);
    }

    static TlsFront start(SSLContext tls, URI backend, String user, String password) throws IOException {
        HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        TlsFront front = new TlsFront(server, backend, user, password);
        server.createContext("/", front::handle);
        server.setExecutor(front.threads);
        server.start();
        return front;
    }

    URI url() {
        return URI.create("https://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Requests that passed the auth check and went on to the node. */
    int accepted() {
        return accepted.get();
    }

    /** Requests answered 401. */
    int refused() {
        return refused.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readAllBytes();
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            if (authorization == null || !MessageDigest.isEqual(expectedAuthorization, authorization.getBytes(StandardCharsets.UTF_8))) {
                refused.incrementAndGet();
                exchange.getResponseHeaders().add("WWW-Authenticate", "Basic realm=\"mailbench test front\"");
                exchange.getResponseHeaders().add("Content-Type", "text/plain; charset=UTF-8");
                respond(exchange, 401, "Unauthorized".getBytes(StandardCharsets.UTF_8));
                return;
            }
            accepted.incrementAndGet();
            forward(exchange, body);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void forward(HttpExchange exchange, byte[] body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(backend + exchange.getRequestURI().toString()))
            .timeout(Duration.ofSeconds(60))
            .method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        HttpResponse<byte[]> response = backendClient.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        response.headers().firstValue("Content-Type").ifPresent(type -> exchange.getResponseHeaders().add("Content-Type", type));
        respond(exchange, response.statusCode(), response.body());
    }

    private static void respond(HttpExchange exchange, int status, byte[] body) throws IOException {
        boolean noBody = body.length == 0 || "HEAD".equals(exchange.getRequestMethod());
        exchange.sendResponseHeaders(status, noBody ? -1 : body.length);
        if (!noBody) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
