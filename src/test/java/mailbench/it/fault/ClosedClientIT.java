package mailbench.it.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.facade.ClientSettings;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeGuards;
import mailbench.facade.FacadeServer;
import mailbench.facade.RequestLimits;
import mailbench.facade.opensearch.ClientOptions;
import mailbench.it.support.Http;

/**
 * A client that sends a bulk and closes its connection before the answer: the facade cancels the OpenSearch call (the
 * backend sees its connection closed), frees the call's slot and gives back the bytes the request held, at once, not when
 * OpenSearch would have answered. The backend here answers the facade's index check and never answers a bulk, so
 * without the cancel the call would wait for its response timeout.
 * <p>
 * The first bulk goes over the index check's pooled keep-alive connection: httpclient5 lost the cancel of such a call
 * every time (its connect step overwrote the exchange's cancel with the lease's, {@code ExchangeCancels}); the later
 * ones open new connections, where the same overwrite was a race, lost 2 times in 59 under 3 CPU hogs.
 */
class ClosedClientIT {

    // Behaviour, not speed: the cancel must come long before the response timeout would have ended the call. The margin
    // is wide because on a starved host (load average 5-7 on 2 cores) the backend's reader thread itself can take
    // seconds to be scheduled and see the close; the cancel is measured at tens of milliseconds on a quiet host.
    private static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(45);
    private static final long CANCELLED_WITHIN_MS = 15_000;
    private static final int BULKS = 5;

    @ParameterizedTest
    @EnumSource(ClientOptions.Transport.class)
    void aClosedClientShouldCancelItsBackendCallAndGiveItsBytesBack(ClientOptions.Transport transport) throws Exception {
        try (IndexOnlyBackend backend = new IndexOnlyBackend()) {
            FacadeConfig config = FacadeConfig.local(URI.create("http://127.0.0.1:" + backend.port()), "mail")
                .with(new ClientSettings(new ClientOptions(transport, ClientOptions.Mapper.SHARED,
                    ClientOptions.Projection.DOC_VALUES), 1, 8, Duration.ofSeconds(1), RESPONSE_TIMEOUT,
                    ClientSettings.DEFAULT_MAX_RESPONSE_BYTES))
                .with(new RequestLimits(8, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, RequestLimits.DEFAULT_MAX_BODY_BYTES,
                    1_000));
            try (FacadeServer facade = FacadeServer.start(config, FacadeGuards.DEFAULTS, problem -> { })) {
                URI base = URI.create("http://127.0.0.1:" + facade.port());
                assertThat(backend.indexChecks.get()).as("the facade's index check, answered").isPositive();
                byte[] bulk = bulk(400);
                for (int n = 1; n <= BULKS; n++) {
                    int round = n;
                    JsonNode waiting;
                    long start;
                    try (Socket client = new Socket(base.getHost(), base.getPort())) {
                        client.getOutputStream().write(("POST /messages/_bulk HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-ndjson"
                            + "\r\nContent-Length: " + bulk.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                        client.getOutputStream().write(bulk);
                        client.getOutputStream().flush();
                        await().atMost(Duration.ofSeconds(10)).until(() -> backend.bulksSeen.get() == round);
                        if (round == 1) {
                            assertThat(backend.connections.get()).as("the first bulk on the index check's pooled connection").isEqualTo(1);
                        }
                        waiting = stats(base);
                        assertThat(waiting.path("inFlightNow").asInt()).isEqualTo(1);
                        start = System.nanoTime();
                    }
                    await().atMost(Duration.ofMillis(CANCELLED_WITHIN_MS)).pollInterval(Duration.ofMillis(20)).untilAsserted(() -> {
                        JsonNode stats = stats(base);
                        assertThat(stats.path("inFlightNow").asInt()).as("the call's slot, bulk %d", round).isZero();
                        assertThat(backend.bulksClosed.get()).as("the backend's connection closed by the facade, bulk %d", round)
                            .isEqualTo(round);
                        assertThat(stats.path("heldBytesNow").asLong()).as("the bytes held, bulk %d", round).isZero();
                    });
                    long ms = (System.nanoTime() - start) / 1_000_000;
                    System.out.printf("[closed-client] %s: bulk %d of %d bytes waiting on a silent backend (holding %d bytes) cancelled %d ms"
                        + " after its client left (response timeout %d ms)%n", transport, round, bulk.length, waiting.path("heldBytesNow").asLong(),
                        ms, RESPONSE_TIMEOUT.toMillis());
                    assertThat(waiting.path("heldBytesNow").asLong()).as("the bulk's bytes held while it waited").isGreaterThan(bulk.length);
                }
            }
        }
    }

    /** Messages enough to be parsed and serialised on a worker thread (over 64 KiB). */
    private static byte[] bulk(int messages) {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < messages; i++) {
            body.append("{\"mailboxId\":\"mbx-c\",\"messageId\":\"c").append(i).append("\",\"from\":\"a@example.com\",\"subject\":\"Cancel me\","
                + "\"body\":\"").append("words ".repeat(40)).append("\",\"receivedAt\":\"2025-01-01T00:00:00Z\"}\n");
        }
        return body.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static JsonNode stats(URI base) throws Exception {
        return Http.get(base, "/_mailbench/stats").json();
    }

    /**
     * Answers the facade's index check ({@code HEAD /mail}: it exists) and keeps that connection open; never answers a bulk.
     * Counts the connections it accepted, and the bulks it saw and which of them closed.
     */
    private static final class IndexOnlyBackend implements AutoCloseable {

        private static final byte[] EXISTS = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII);

        private final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final List<Socket> sockets = new CopyOnWriteArrayList<>();
        final AtomicInteger connections = new AtomicInteger();
        final AtomicInteger indexChecks = new AtomicInteger();
        final AtomicInteger bulksSeen = new AtomicInteger();
        final AtomicInteger bulksClosed = new AtomicInteger();

        IndexOnlyBackend() throws IOException {
            Thread acceptor = new Thread(this::accept, "index-only-backend");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return server.getLocalPort();
        }

        private void accept() {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    connections.incrementAndGet();
                    sockets.add(socket);
                    Thread reader = new Thread(() -> read(socket), "index-only-backend-reader");
                    reader.setDaemon(true);
                    reader.start();
                } catch (IOException e) {
                    return;
                }
            }
        }

        /** A HEAD request has no body, so a read that starts with one holds that whole request (a few hundred bytes). */
        private void read(Socket socket) {
            boolean bulk = false;
            byte[] buffer = new byte[8192];
            try (InputStream in = socket.getInputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    String text = new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
                    if (!bulk && text.startsWith("HEAD ")) {
                        indexChecks.incrementAndGet();
                        socket.getOutputStream().write(EXISTS);
                        socket.getOutputStream().flush();
                    } else if (!bulk && text.contains("_bulk")) {
                        bulk = true;
                        bulksSeen.incrementAndGet();
                    }
                }
            } catch (IOException e) {
                // reset by the facade: closed all the same
            }
            if (bulk) {
                bulksClosed.incrementAndGet();
            }
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
