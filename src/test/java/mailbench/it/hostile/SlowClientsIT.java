package mailbench.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import mailbench.facade.ClientSettings;
import mailbench.facade.ConnectionCaps;
import mailbench.facade.Exposure;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeGuards;
import mailbench.facade.FacadeServer;
import mailbench.facade.InboundTimeouts;
import mailbench.facade.MemoryBounds;
import mailbench.facade.RequestLimits;
import mailbench.facade.opensearch.ClientOptions;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;

/**
 * Clients that open connections and send little or nothing: half-sent headers are closed within the
 * idle timeout, connections past the cap are closed at once, and the facade serves searches right
 * after. Cleartext HTTP/2 is off unless asked for.
 */
class SlowClientsIT {

    private static final Duration IDLE = Duration.ofMillis(2_500);

    private static FacadeConfig config(String name) throws Exception {
        // short OpenSearch timeouts: the idle timeout must outlast a call's whole time (pool + connect + response + 1 s)
        return FacadeConfig.local(SharedNode.url(), "mail-it-slow-" + name + "-" + System.nanoTime())
            .with(new ClientSettings(ClientOptions.DEFAULT, 1, 16, Duration.ofMillis(200), Duration.ofMillis(1_000),
                ClientSettings.DEFAULT_MAX_RESPONSE_BYTES))
            .with(new RequestLimits(16, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, RequestLimits.DEFAULT_MAX_BODY_BYTES,
                RequestLimits.DEFAULT_MAX_BULK_ITEMS));
    }

    private static FacadeGuards guards(Duration idle, int maxConnections, boolean h2c) {
        return new FacadeGuards(ConnectionCaps.of(maxConnections), InboundTimeouts.DEFAULTS.withIdle(idle), MemoryBounds.DEFAULTS,
            new Exposure(null, false, false, h2c), Duration.ofMillis(200));
    }

    @Test
    void halfSentHeadersShouldBeClosedWithinTheIdleTimeout() throws Exception {
        try (FacadeServer facade = FacadeServer.start(config("idle"), guards(IDLE, 1_000, false), problem -> { })) {
            URI base = URI.create("http://127.0.0.1:" + facade.port());
            List<Socket> peers = new ArrayList<>();
            try {
                for (int i = 0; i < 300; i++) {
                    Socket peer = new Socket(base.getHost(), base.getPort());
                    peer.getOutputStream().write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: app".getBytes(StandardCharsets.US_ASCII));
                    peer.getOutputStream().flush();
                    peers.add(peer);
                }
                long start = System.nanoTime();
                long slowest = 0;
                for (Socket peer : peers) {
                    slowest = Math.max(slowest, SidecarStallIT.awaitClosed(peer, IDLE.plusSeconds(10)));
                }
                long allClosedMs = (System.nanoTime() - start) / 1_000_000;
                System.out.printf("[slow-clients] 300 half-sent headers all closed %d ms after the last was sent (idle timeout %d ms)%n",
                    allClosedMs, IDLE.toMillis());
                assertThat(allClosedMs).as("closed within the idle timeout").isLessThan(IDLE.toMillis() + 2_000);
            } finally {
                for (Socket peer : peers) {
                    peer.close();
                }
            }
            assertThat(Http.get(base, "/mailboxes/mbx-s/search?text=hello").status()).as("serves right after").isEqualTo(200);
        }
    }

    @Test
    void connectionsPastTheCapShouldBeClosedAtOnce() throws Exception {
        int cap = 20;
        try (FacadeServer facade = FacadeServer.start(config("cap"), guards(Duration.ofSeconds(60), cap, false), problem -> { })) {
            URI base = URI.create("http://127.0.0.1:" + facade.port());
            List<Socket> peers = new ArrayList<>();
            try {
                for (int i = 0; i < cap + 10; i++) {
                    peers.add(new Socket(base.getHost(), base.getPort()));
                }
                int closedAtOnce = 0;
                for (Socket peer : peers) {
                    peer.setSoTimeout(200);
                    try {
                        if (peer.getInputStream().read() == -1) {
                            closedAtOnce++;
                        }
                    } catch (java.net.SocketTimeoutException e) {
                        // still open: within the cap
                    } catch (java.io.IOException e) {
                        closedAtOnce++;
                    }
                }
                System.out.printf("[slow-clients] %d connections, cap %d: %d closed at once%n", cap + 10, cap, closedAtOnce);
                assertThat(closedAtOnce).isEqualTo(10);
            } finally {
                for (Socket peer : peers) {
                    peer.close();
                }
            }
            // the closed ones are counted out again: a new client gets in
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                assertThat(Http.get(base, "/mailboxes/mbx-s/search?text=hello").status()).isEqualTo(200));
        }
    }

    @Test
    void cleartextHttp2ShouldBeOffUnlessAskedFor() throws Exception {
        HttpClient h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).proxy(HttpClient.Builder.NO_PROXY).build();
        for (boolean h2c : new boolean[] {false, true}) {
            try (FacadeServer facade = FacadeServer.start(config("h2c"), guards(IDLE, 1_000, h2c), problem -> { })) {
                HttpResponse<String> reply = h2.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + facade.port() + "/health"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(reply.version()).as("--http2-cleartext " + h2c)
                    .isEqualTo(h2c ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1);
            }
        }
    }
}
