package mailbench.it.support;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;

/**
 * A plain-HTTP front before the real embedded node that notes the {@code Accept-Encoding} of every
 * search it passes on, and passes it on with the answer's {@code Content-Encoding}: the node then
 * compresses exactly when the client asked, as it would without the front.
 */
public final class EncodingFront implements AutoCloseable {

    private final Vertx vertx = Vertx.vertx();
    private final HttpClient backendClient = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
        .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI backend;
    private final List<String> searchEncodings = new CopyOnWriteArrayList<>();
    private HttpServer server;

    private EncodingFront(URI backend) {
        this.backend = backend;
    }

    public static EncodingFront start(URI backend) throws Exception {
        EncodingFront front = new EncodingFront(backend);
        front.server = front.vertx.createHttpServer().requestHandler(front::handle).listen(0, "127.0.0.1").await(30, TimeUnit.SECONDS);
        return front;
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.actualPort());
    }

    /** The Accept-Encoding of each _search request seen, "" where there was none. */
    public List<String> searchEncodings() {
        return List.copyOf(searchEncodings);
    }

    private void handle(HttpServerRequest request) {
        request.body().onSuccess(body -> {
            String acceptEncoding = request.getHeader("Accept-Encoding");
            if (request.path().endsWith("/_search")) {
                searchEncodings.add(acceptEncoding == null ? "" : acceptEncoding);
            }
            HttpRequest.Builder call = HttpRequest.newBuilder(URI.create(backend + request.uri())).timeout(Duration.ofSeconds(60))
                .method(request.method().name(), body.length() == 0 ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(body.getBytes()));
            for (String name : List.of("Content-Type", "Accept-Encoding")) {
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
                for (String name : List.of("Content-Type", "Content-Encoding")) {
                    response.headers().firstValue(name).ifPresent(value -> request.response().putHeader(name, value));
                }
                request.response().end(Buffer.buffer(response.body()));
            });
        });
    }

    @Override
    public void close() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }
}
