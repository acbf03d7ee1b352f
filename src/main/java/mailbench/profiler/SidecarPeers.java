package mailbench.profiler;

import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;

/**
 * The control API's open connections, on its one event loop: each must send its first whole request head within the read
 * timeout of opening, else it is closed. A request without the right token closes its connection, so a connection kept
 * after that belongs to a holder of the token (it may then idle, up to the server's idle timeout). Past
 * {@value #MAX_CONNECTIONS} open at once, the oldest one still waiting for its first head is closed to make room: peers
 * that stall can take sockets, never the place of a caller that sends its request at once.
 */
final class SidecarPeers {

    static final int MAX_CONNECTIONS = 256;

    private final Vertx vertx;
    private final long readTimeoutMs;
    private final Set<HttpConnection> open = new HashSet<>();
    /** Connections waiting for a request head, oldest first, each with its timer. */
    private final Map<HttpConnection, Long> awaitingHead = new LinkedHashMap<>();

    SidecarPeers(Vertx vertx, long readTimeoutMs) {
        this.vertx = vertx;
        this.readTimeoutMs = readTimeoutMs;
    }

    void admit(HttpConnection connection) {
        open.add(connection);
        connection.closeHandler(closed -> {
            open.remove(connection);
            cancel(connection);
        });
        if (open.size() > MAX_CONNECTIONS) {
            Iterator<HttpConnection> oldest = awaitingHead.keySet().iterator();
            if (oldest.hasNext()) {
                HttpConnection evicted = oldest.next();
                cancel(evicted);
                evicted.close();
            }
        }
        awaitHead(connection);
    }

    /** A whole head is in: the connection's deadline ends. */
    void headReceived(HttpServerRequest request) {
        cancel(request.connection());
    }

    private void awaitHead(HttpConnection connection) {
        awaitingHead.put(connection, vertx.setTimer(readTimeoutMs, id -> {
            awaitingHead.remove(connection);
            connection.close();
        }));
    }

    private void cancel(HttpConnection connection) {
        Long timer = awaitingHead.remove(connection);
        if (timer != null) {
            vertx.cancelTimer(timer);
        }
    }
}
