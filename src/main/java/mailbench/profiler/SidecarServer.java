package mailbench.profiler;

import static mailbench.profiler.SidecarReplies.error;
import static mailbench.profiler.SidecarReplies.file;
import static mailbench.profiler.SidecarReplies.json;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

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
 * Every call needs {@code Authorization: Bearer <token>}, checked before any byte of a body is read; no call takes a
 * body, and one over {@value #MAX_BODY_BYTES} bytes is refused unread. The JDK's own HTTP server is enough here (a
 * handful of calls per run) once it has several threads and read timeouts: it reads a request's headers on a thread of
 * its executor, so with one thread a peer that stalls mid-request would hold every other call up.
 */
public final class SidecarServer implements AutoCloseable {

    /** Threads of the executor: this many stalled peers at once, each until the read timeout, before a call waits. */
    public static final int THREADS = 8;
    static final int MAX_BODY_BYTES = 64 * 1024;
    public static final int DEFAULT_READ_TIMEOUT_S = 10;
    /** A peer that does not read an answer (an artifact of several MB) for this long is closed. */
    static final int RESPONSE_TIMEOUT_S = 120;

    private final HttpServer server;
    private final ExecutorService executor;
    private final ProfilerSidecar sidecar;
    private final SidecarToken token;

    private SidecarServer(HttpServer server, ExecutorService executor, ProfilerSidecar sidecar, SidecarToken token) {
        this.server = server;
        this.executor = executor;
        this.sidecar = sidecar;
        this.token = token;
    }

    public static SidecarServer start(ProfilerSidecar sidecar, SidecarToken token, String host, int port) throws IOException {
        return start(sidecar, token, host, port, DEFAULT_READ_TIMEOUT_S);
    }

    /**
     * {@code readTimeoutSeconds}: a request whose headers are not in by then is closed. The JDK server reads it from system
     * properties once per JVM, when it is first used: set here unless the JVM was given them.
     */
    public static SidecarServer start(ProfilerSidecar sidecar, SidecarToken token, String host, int port, int readTimeoutSeconds)
        throws IOException {
        if (readTimeoutSeconds < 1 || readTimeoutSeconds > 3_600) {
            throw new IllegalArgumentException("--read-timeout-s must be between 1 and 3600, got " + readTimeoutSeconds);
        }
        setUnlessGiven("sun.net.httpserver.maxReqTime", readTimeoutSeconds);
        setUnlessGiven("sun.net.httpserver.maxRspTime", RESPONSE_TIMEOUT_S);
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 16);
        AtomicInteger threads = new AtomicInteger();
        ExecutorService executor = Executors.newFixedThreadPool(THREADS, r -> {
            Thread thread = new Thread(r, "profiler-control-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        SidecarServer sidecarServer = new SidecarServer(server, executor, sidecar, token);
        server.createContext("/", sidecarServer::handle);
        server.start();
        return sidecarServer;
    }

    private static void setUnlessGiven(String property, int seconds) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, Integer.toString(seconds));
        }
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!token.accepts(exchange.getRequestHeaders().getFirst("Authorization"))) {
                // unread, the body is not worth draining: the connection goes with the answer
                exchange.getResponseHeaders().set("Connection", "close");
                error(exchange, 401, "missing or wrong token: send Authorization: Bearer <token> (see the sidecar's --token-file)");
                return;
            }
            if (tooLarge(exchange)) {
                exchange.getResponseHeaders().set("Connection", "close");
                error(exchange, 413, "no call takes a body; refused one over " + MAX_BODY_BYTES + " bytes (or of unknown length)");
                return;
            }
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            try {
                route(exchange, method, path);
            } catch (ProfilerSidecar.Conflict e) {
                error(exchange, 409, e.getMessage());
            } catch (IllegalArgumentException e) {
                error(exchange, 400, e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                error(exchange, 503, "the sidecar is stopping");
            } catch (IOException | RuntimeException e) {
                error(exchange, 500, "the profiler failed: " + e.getMessage());
            }
        }
    }

    /** A declared length over the cap, or a chunked body (no length): the calls take none, so neither is read. */
    private static boolean tooLarge(HttpExchange exchange) {
        if (exchange.getRequestHeaders().containsKey("Transfer-Encoding")) {
            return true;
        }
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        try {
            return length != null && Long.parseLong(length.strip()) > MAX_BODY_BYTES;
        } catch (NumberFormatException e) {
            return true;
        }
    }

    private void route(HttpExchange exchange, String method, String path) throws IOException, InterruptedException {
        switch (path) {
            case "/status" -> {
                if (allowed(exchange, method, "GET")) {
                    json(exchange, 200, sidecar.status());
                }
            }
            case "/start" -> {
                if (allowed(exchange, method, "POST")) {
                    ProfilerSidecar.Status status = sidecar.start(SidecarQuery.captureSettings(exchange.getRequestURI()));
                    json(exchange, status.state() == ProfilerSidecar.State.FAILED ? 422 : 200, status);
                }
            }
            case "/stop" -> {
                if (allowed(exchange, method, "POST")) {
                    ProfilerSidecar.Status status = sidecar.stop();
                    json(exchange, status.state() == ProfilerSidecar.State.FAILED ? 422 : 200, status);
                }
            }
            case "/artifacts" -> {
                if (allowed(exchange, method, "GET")) {
                    json(exchange, 200, sidecar.artifacts(SidecarQuery.window(exchange.getRequestURI())));
                }
            }
            default -> {
                if (path.startsWith("/artifacts/") && allowed(exchange, method, "GET")) {
                    file(exchange, sidecar.artifact(path.substring("/artifacts/".length())));
                } else if (!path.startsWith("/artifacts/")) {
                    error(exchange, 404, "no such endpoint: " + path + " (try /status, /start, /stop, /artifacts)");
                }
            }
        }
    }

    private static boolean allowed(HttpExchange exchange, String method, String expected) throws IOException {
        if (method.equals(expected)) {
            return true;
        }
        exchange.getResponseHeaders().set("Allow", expected);
        error(exchange, 405, method + " is not allowed here; use " + expected);
        return false;
    }

    /** Stops listening; a running capture is stopped first so the target is not left profiling. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
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
