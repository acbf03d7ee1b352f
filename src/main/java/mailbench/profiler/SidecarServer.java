package mailbench.profiler;

import static mailbench.profiler.SidecarReplies.error;
import static mailbench.profiler.SidecarReplies.refuse;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import mailbench.access.ServerCertificateReload;
import mailbench.access.ServerTls;

/**
 * The sidecar's control API, for the simulation's before/after hooks (locally and on staging):
 * <pre>
 *   GET  /status                       where the capture stands
 *   POST /start?event=itimer&amp;intervalMs=10&amp;allocBytes=2097152   start a capture (422 with the reason if it fails);
 *                                      allocBytes=0: no allocation sampling
 *   POST /stop                         stop it (the JFR file is closed)
 *   GET  /artifacts?from=&amp;to=          profile.json of the last stopped capture, from the samples between the
 *                                      two epoch-millisecond instants (each optional), converted on first call
 *   GET  /artifacts/{name}             one of the files of that conversion
 * </pre>
 * Every call needs {@code Authorization: Bearer <token>}, checked as soon as the request head is in and before any byte of
 * a body is read; no call takes a body, and one over {@value #MAX_BODY_BYTES} bytes is refused unread. Request heads are
 * read by one Vert.x event loop, which no peer can hold: a peer that stalls mid-head costs a socket until the read
 * timeout, not a thread, so stalled peers delay no call. The calls themselves (asprof, conversions) run on worker threads.
 */
public final class SidecarServer implements AutoCloseable {

    static final int MAX_BODY_BYTES = 64 * 1024;
    public static final int DEFAULT_READ_TIMEOUT_S = 10;
    /** A connection that sends and reads nothing for this long (a peer that does not read an artifact of several MB) is closed. */
    static final int RESPONSE_TIMEOUT_S = 120;
    /** Calls at work at once (a conversion, an attach); more wait for a worker, their heads are read all the same. */
    static final int WORKERS = 4;

    private final Vertx vertx;
    private final HttpServer server;
    private final ProfilerSidecar sidecar;

    private SidecarServer(Vertx vertx, HttpServer server, ProfilerSidecar sidecar) {
        this.vertx = vertx;
        this.server = server;
        this.sidecar = sidecar;
    }

    /**
     * Where and how the API listens. {@code readTimeoutSeconds}: a connection that has not sent a whole request head this
     * long after it opened is closed. Plain HTTP on an address other hosts reach is refused unless {@code tls} allows it:
     * every call carries the token.
     */
    public record Listen(String host, int port, int readTimeoutSeconds, ServerTls tls) {
        public Listen {
            if (readTimeoutSeconds < 1 || readTimeoutSeconds > 3_600) {
                throw new IllegalArgumentException("--read-timeout-s must be between 1 and 3600, got " + readTimeoutSeconds);
            }
            tls.checkTokenExposure(host, true, "profiler sidecar");
        }
    }

    public static SidecarServer start(ProfilerSidecar sidecar, SidecarToken token, Listen listen) throws IOException {
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(WORKERS)
            .setMaxWorkerExecuteTime(RESPONSE_TIMEOUT_S).setMaxWorkerExecuteTimeUnit(TimeUnit.SECONDS));
        HttpServerOptions options = listen.tls().applyTo(new HttpServerOptions().setHost(listen.host()).setPort(listen.port())
            .setHttp2ClearTextEnabled(false).setIdleTimeout(RESPONSE_TIMEOUT_S).setIdleTimeoutUnit(TimeUnit.SECONDS));
        SidecarPeers peers = new SidecarPeers(vertx, listen.readTimeoutSeconds() * 1000L);
        SidecarCalls calls = new SidecarCalls(sidecar);
        HttpServer server = vertx.createHttpServer(options).connectionHandler(peers::admit)
            .requestHandler(request -> handle(vertx, request, token, peers, calls));
        try {
            server.listen().await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            vertx.close();
            throw new IOException("the sidecar could not listen on " + listen.host() + ":" + listen.port() + " (--host/--port): "
                + e.getMessage(), e);
        }
        ServerCertificateReload.start(vertx, listen.tls(), List.of(server));
        return new SidecarServer(vertx, server, sidecar);
    }

    public int port() {
        return server.actualPort();
    }

    /** On the event loop: the token and the body's size, then the call on a worker. */
    private static void handle(Vertx vertx, HttpServerRequest request, SidecarToken token, SidecarPeers peers, SidecarCalls calls) {
        peers.headReceived(request);
        if (!token.accepts(request.getHeader("Authorization"))) {
            // unread, the body is not worth draining: the connection goes with the answer
            refuse(request, 401, "missing or wrong token: send Authorization: Bearer <token> (see the sidecar's --token-file)");
            return;
        }
        if (tooLarge(request)) {
            refuse(request, 413, "no call takes a body; refused one over " + MAX_BODY_BYTES + " bytes (or of unknown length)");
            return;
        }
        String method = request.method().name();
        String uri = request.uri();
        vertx.executeBlocking(() -> calls.call(method, uri), false)
            .onSuccess(reply -> reply.send(request))
            .onFailure(failure -> error(request, 500, "the profiler failed: " + failure.getMessage()));
    }

    /** A declared length over the cap, or a chunked body (no length): the calls take none, so neither is read. */
    private static boolean tooLarge(HttpServerRequest request) {
        if (request.headers().contains("Transfer-Encoding")) {
            return true;
        }
        String length = request.getHeader("Content-Length");
        try {
            return length != null && Long.parseLong(length.strip()) > MAX_BODY_BYTES;
        } catch (NumberFormatException e) {
            return true;
        }
    }

    /** Stops listening; a running capture is stopped first so the target is not left profiling. */
    @Override
    public void close() {
        try {
            server.close().await(10, TimeUnit.SECONDS);
            vertx.close().await(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // stopping anyway
        }
        try {
            if (sidecar.status().state() == ProfilerSidecar.State.RUNNING) {
                sidecar.stop();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // stopping anyway
        }
    }
}
