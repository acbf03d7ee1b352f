package mailbench.it.fault;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.awaitility.Awaitility;
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
import mailbench.it.support.FacadeConfigs;
import mailbench.it.support.Http;

/** With no OpenSearch behind it, the facade still starts and answers 503 quickly, never a stack trace. */
class BackendDownIT {

    /**
     * The calls on the backend's accepted connections wait for this once it is gone (the default, 30 s, held each test
     * that long); short enough not to, long enough that calls sent in bursts stay in flight while the test looks.
     */
    private static final Duration SHORT_RESPONSE_TIMEOUT = Duration.ofSeconds(5);

    @Test
    void requestsShouldGet503WhenOpenSearchIsDown() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        FacadeConfig config = FacadeConfigs.withPort(FacadeConfig.defaults().withOpenSearch(URI.create("http://127.0.0.1:" + closedPort)), 0);
        try (FacadeServer facade = FacadeServer.start(config)) {
            URI base = URI.create("http://127.0.0.1:" + facade.port());
            long start = System.nanoTime();
            Http.Reply search = Http.get(base, "/mailboxes/mbx-1/search?text=hello");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
            assertThat(search.status()).isEqualTo(503);
            assertThat(search.json().get("error").asText()).contains("OpenSearch is unavailable");
            Http.Reply health = Http.get(base, "/health");
            assertThat(health.status()).isEqualTo(503);
            assertThat(health.json().get("status").asText()).isEqualTo("unavailable");
            assertThat(health.raw()).doesNotContain("\tat ");
            assertThat(Http.get(base, "/mailboxes/mbx-1/search?sort=nope").status()).as("input errors still win").isEqualTo(400);
        }
    }

    @Test
    void requestsBeyondTheInFlightBoundShouldGet503AtOnce() throws Exception {
        // a listener that accepts connections and never answers: every call stays in flight until the response timeout,
        // which is short so that closing the facade, which lets calls in flight end, does not wait long
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            FacadeConfig config = FacadeConfig.local(URI.create("http://127.0.0.1:" + silent.getLocalPort()), "mail")
                .with(new ClientSettings(ClientOptions.DEFAULT, 1, 8, Duration.ofSeconds(1), SHORT_RESPONSE_TIMEOUT,
                    ClientSettings.DEFAULT_MAX_RESPONSE_BYTES))
                .with(new RequestLimits(2, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, RequestLimits.DEFAULT_MAX_BODY_BYTES,
                    10));
            try (FacadeServer facade = FacadeServer.start(config)) {
                URI base = URI.create("http://127.0.0.1:" + facade.port());
                var client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
                var pending = new ArrayList<CompletableFuture<HttpResponse<String>>>();
                for (int i = 0; i < 2; i++) {
                    pending.add(client.sendAsync(HttpRequest.newBuilder(URI.create(base + "/mailboxes/m/search")).build(),
                        HttpResponse.BodyHandlers.ofString()));
                }
                // both in flight before the third is sent: a third that came first would be in flight itself
                Awaitility.await().atMost(Duration.ofSeconds(4)).pollInterval(Duration.ofMillis(20))
                    .until(() -> Http.get(base, "/_mailbench/stats").json().get("inFlightNow").asInt() == 2);
                long start = System.nanoTime();
                Http.Reply third = Http.get(base, "/mailboxes/m/search");
                assertThat(Duration.ofNanos(System.nanoTime() - start)).as("refused at once").isLessThan(Duration.ofSeconds(2));
                assertThat(third.status()).isEqualTo(503);
                assertThat(third.json().get("error").asText()).contains("--max-in-flight");
                pending.forEach(p -> p.cancel(true));
            }
        }
    }

    /**
     * HTTPCLIENT-2398's own shape: far more calls than pooled connections, queued for one, and then the backend goes away.
     * Every queued call gets a connection slot whose connect is refused at once, which in httpclient5 hands the slot to
     * the next queued call inside the same stack. The client's I/O thread must survive a full in-flight bound of them.
     */
    @Test
    void aFullBoundOfCallsQueuedForAFewConnectionsShouldFailWithoutKillingTheClient() throws Exception {
        int calls = RequestLimits.DEFAULT_MAX_IN_FLIGHT;
        int connections = 16;
        List<CompletableFuture<HttpResponse<String>>> pending = new ArrayList<>();
        ServerSocket silent = new ServerSocket(0, calls * 2, InetAddress.getLoopbackAddress());
        FacadeConfig config = FacadeConfig.local(URI.create("http://127.0.0.1:" + silent.getLocalPort()), "mail")
            .with(new ClientSettings(ClientOptions.DEFAULT, 1, connections, Duration.ofSeconds(1), SHORT_RESPONSE_TIMEOUT,
                ClientSettings.DEFAULT_MAX_RESPONSE_BYTES))
            .with(new RequestLimits(calls, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, RequestLimits.DEFAULT_MAX_BODY_BYTES,
                RequestLimits.DEFAULT_MAX_BULK_ITEMS));
        // the queued calls wait for a connection as long as the test needs to queue them all
        FacadeGuards guards = new FacadeGuards(ConnectionCaps.DEFAULTS, InboundTimeouts.DEFAULTS.withIdle(Duration.ofSeconds(120)),
            MemoryBounds.DEFAULTS, Exposure.DEFAULTS, Duration.ofSeconds(60));
        AtomicReference<String> died = new AtomicReference<>();
        try (FacadeServer facade = FacadeServer.start(config, guards, died::set)) {
            URI base = URI.create("http://127.0.0.1:" + facade.port());
            var client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
            sendInBursts(client, base, calls, pending);
            int queued = Http.get(base, "/_mailbench/stats").json().get("inFlightNow").asInt();
            System.out.printf("[backend-down] %d calls in flight over %d connections when the backend goes away%n", queued, connections);
            assertThat(queued).as("most calls wait for one of the few connections").isGreaterThan(calls / 2);
            silent.close(); // the connections die, every queued call now gets a slot and a refused connect

            allShouldFailAndTheClientStillAnswer(base, pending, 120);
            assertThat(died.get()).as("the client's I/O thread died").isNull();
            assertThat(Http.get(base, "/health").raw()).doesNotContain("I/O thread");
        } finally {
            silent.close();
        }
    }

    /**
     * HTTPCLIENT-2398: calls queued for a pooled connection that fail all at once unwound recursively until the client's
     * I/O thread died. With the default bounds (most calls queued behind the pool's connections), a full bound of calls to
     * a backend that hangs and then goes away must leave the client alive and answering.
     */
    @Test
    void aFullBoundOfCallsFailingAtOnceShouldLeaveTheClientAlive() throws Exception {
        int calls = RequestLimits.DEFAULT_MAX_IN_FLIGHT;
        List<CompletableFuture<HttpResponse<String>>> pending = new ArrayList<>();
        ServerSocket silent = new ServerSocket(0, calls * 2, InetAddress.getLoopbackAddress());
        FacadeConfig config = FacadeConfigs.withPort(FacadeConfig.defaults().withOpenSearch(URI.create("http://127.0.0.1:" + silent.getLocalPort())), 0)
            .with(new ClientSettings(ClientOptions.DEFAULT, ClientSettings.DEFAULT_IO_THREADS, ClientSettings.DEFAULT_MAX_CONNECTIONS,
                ClientSettings.DEFAULT_CONNECT_TIMEOUT, SHORT_RESPONSE_TIMEOUT, ClientSettings.DEFAULT_MAX_RESPONSE_BYTES));
        try (FacadeServer facade = FacadeServer.start(config)) {
            URI base = URI.create("http://127.0.0.1:" + facade.port());
            var client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
            sendInBursts(client, base, calls, pending);
            // not every call stays in flight on a listener that never accepts (on Linux some end early); at least a
            // hundred or so do, and those fail together below
            assertThat(Http.get(base, "/_mailbench/stats").json().get("inFlightNow").asInt()).isGreaterThan(50);
            silent.close(); // every pending call fails now, all at once

            allShouldFailAndTheClientStillAnswer(base, pending, 60);
        } finally {
            silent.close();
        }
    }

    /** Every pending call ends within {@code seconds} as a 5xx of the facade, and a new call is still answered at once. */
    private static void allShouldFailAndTheClientStillAnswer(URI base, List<CompletableFuture<HttpResponse<String>>> pending, int seconds)
        throws Exception {
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).get(seconds, TimeUnit.SECONDS);
        assertThat(pending).allSatisfy(reply -> assertThat(reply.get().statusCode()).isIn(502, 503, 504));
        long start = System.nanoTime();
        Http.Reply search = Http.get(base, "/mailboxes/mbx-1/search?text=hello");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("the client still answers").isLessThan(Duration.ofSeconds(5));
        assertThat(search.status()).isEqualTo(503);
    }

    /**
     * {@code calls} searches in bursts of 100, each burst seen by the facade (in flight, refused or answered) before the
     * next: a thousand new connections at once put the event loop a second behind, and it would shed for lag.
     */
    private static void sendInBursts(HttpClient client, URI base, int calls,
                                     List<CompletableFuture<HttpResponse<String>>> pending) {
        for (int sent = 0; sent < calls; ) {
            for (int i = 0; i < 100 && sent < calls; i++, sent++) {
                pending.add(client.sendAsync(HttpRequest.newBuilder(URI.create(base + "/mailboxes/m/search")).build(),
                    HttpResponse.BodyHandlers.ofString()));
            }
            int expected = sent;
            Awaitility.await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                var stats = Http.get(base, "/_mailbench/stats").json();
                assertThat(stats.get("inFlightNow").asInt() + stats.get("refused").get("inFlight").asInt()
                    + stats.get("refused").get("eventLoopLag").asInt() + pending.stream().filter(Future::isDone).count())
                    .isGreaterThanOrEqualTo(expected);
            });
        }
    }
}
