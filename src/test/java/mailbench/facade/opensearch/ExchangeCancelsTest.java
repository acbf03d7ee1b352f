package mailbench.facade.opensearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * httpclient5 against a local peer that answers {@code GET /ok} and never answers {@code GET /never}: a call is sent over
 * the pooled keep-alive connection the first one left, then cancelled.
 */
class ExchangeCancelsTest {

    private static final Timeout RESPONSE_TIMEOUT = Timeout.ofSeconds(30);

    private final Peer peer = new Peer();
    private CloseableHttpAsyncClient client;

    @AfterEach
    void close() throws IOException {
        if (client != null) {
            client.close(CloseMode.IMMEDIATE);
        }
        peer.close();
    }

    /**
     * The defect {@link ExchangeCancels} works around, as httpclient5 has it: when this fails, the pinned httpclient5 frees
     * a cancelled call's pooled connection by itself, and the step just before the transport can go.
     */
    @Test
    void stockHttpClient5ShouldStillLoseTheCancelOfACallOnAPooledConnection() throws Exception {
        client = started(HttpAsyncClients.custom());
        Future<SimpleHttpResponse> call = silentCallOnPooledConnection();

        assertThat(call.cancel(true)).as("the future says cancelled").isTrue();

        Thread.sleep(1_000);
        assertThat(peer.closed.get()).as("the connection, still open a second after the cancel").isZero();
    }

    @Test
    void aCallCancelShouldCloseTheConnectionOfACallOnAPooledConnection() throws Exception {
        client = started(ExchangeCancels.install(HttpAsyncClients.custom()));
        CallCancel cancel = new CallCancel();
        Future<SimpleHttpResponse> call = cancel.whileStarting(this::silentCallOnPooledConnection);

        cancel.cancel();

        await().atMost(Duration.ofSeconds(10)).until(() -> peer.closed.get() == 1);
        assertThat(call.isDone()).as("the call ended").isTrue();
        assertThat(peer.accepted.get()).as("one connection: the pooled one").isEqualTo(1);
    }

    @Test
    void aCallCancelledBeforeItStartsShouldNeverReachThePeer() throws Exception {
        client = started(ExchangeCancels.install(HttpAsyncClients.custom()));
        CallCancel cancel = new CallCancel();
        cancel.cancel();

        Future<SimpleHttpResponse> call = cancel.whileStarting(
            () -> client.execute(SimpleRequestBuilder.get(peer.url("/never")).build(), null));

        await().atMost(Duration.ofSeconds(10)).until(call::isDone);
        // a request sent anyway would reach the loopback peer in milliseconds
        Thread.sleep(500);
        assertThat(peer.nevers.get()).as("requests the peer saw").isZero();
    }

    private CloseableHttpAsyncClient started(HttpAsyncClientBuilder builder) {
        CloseableHttpAsyncClient started = builder
            .setConnectionManager(PoolingAsyncClientConnectionManagerBuilder.create().build())
            .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(RESPONSE_TIMEOUT).build())
            .build();
        started.start();
        return started;
    }

    /** A first call leaves its connection in the pool; the second takes it and waits, the peer silent. */
    private Future<SimpleHttpResponse> silentCallOnPooledConnection() throws IOException {
        try {
            client.execute(SimpleRequestBuilder.get(peer.url("/ok")).build(), null).get();
            // the connection goes back to the pool just after the answer is handed over
            Thread.sleep(200);
        } catch (Exception e) {
            throw new IOException(e);
        }
        Future<SimpleHttpResponse> call = client.execute(SimpleRequestBuilder.get(peer.url("/never")).build(), null);
        await().atMost(Duration.ofSeconds(10)).until(() -> peer.nevers.get() == 1);
        return call;
    }

    /** Reads each connection to its end; answers the requests for /ok; counts the connections and those that closed. */
    private static final class Peer implements AutoCloseable {

        private static final byte[] OK = "HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

        private final ServerSocket server;
        private final List<Socket> sockets = new CopyOnWriteArrayList<>();
        final AtomicInteger accepted = new AtomicInteger();
        final AtomicInteger nevers = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();

        Peer() {
            try {
                server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            Thread acceptor = new Thread(this::accept, "peer");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        String url(String path) {
            return "http://127.0.0.1:" + server.getLocalPort() + path;
        }

        private void accept() {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    accepted.incrementAndGet();
                    sockets.add(socket);
                    Thread reader = new Thread(() -> read(socket), "peer-reader");
                    reader.setDaemon(true);
                    reader.start();
                } catch (IOException e) {
                    return;
                }
            }
        }

        /** A GET has no body: one read holds one request here (a few hundred bytes). */
        private void read(Socket socket) {
            byte[] buffer = new byte[8192];
            try (InputStream in = socket.getInputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    String request = new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
                    if (request.startsWith("GET /ok")) {
                        socket.getOutputStream().write(OK);
                    } else if (request.startsWith("GET /never")) {
                        nevers.incrementAndGet();
                    }
                }
            } catch (IOException e) {
                // reset by the client: closed all the same
            }
            closed.incrementAndGet();
        }

        @Override
        public void close() throws IOException {
            server.close();
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }
}
