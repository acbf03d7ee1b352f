package mailbench.it.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

import mailbench.it.support.SharedToxiproxy;
import mailbench.network.NetworkOptions;
import mailbench.network.NetworkProfile;
import mailbench.network.StackNetwork;

/**
 * A stack's network against a real toxiproxy-server, had as a run has it: each hop's proxy passes calls on to its box
 * with the profile's delay, run.json's section lists the toxics the server holds, and closing it leaves no server behind.
 */
class StackNetworkIT {

    private static final HttpClient CLIENT = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();

    private HttpServer box;
    private URI boxUrl;
    private final List<String> said = new ArrayList<>();

    @BeforeEach
    void startBox() throws Exception {
        SharedToxiproxy.server();
        box = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        box.createContext("/", exchange -> {
            byte[] pong = "pong".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, pong.length);
            exchange.getResponseBody().write(pong);
            exchange.close();
        });
        box.start();
        boxUrl = URI.create("http://127.0.0.1:" + box.getAddress().getPort());
    }

    @AfterEach
    void stopBox() {
        box.stop(0);
    }

    private static NetworkOptions options(NetworkProfile profile) {
        String given = System.getProperty("mailbench.toxiproxy.bin", "");
        return new NetworkOptions(profile, given.isBlank() ? null : Path.of(given), "-Dmailbench.toxiproxy.bin");
    }

    /** A call's status and body and how long it took, the second of two (the first opens the connection). */
    private static String timedGet(URI url, long[] tookMs) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(url.resolve("/ping")).timeout(Duration.ofSeconds(10)).build();
        CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        long start = System.nanoTime();
        HttpResponse<String> response = CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        tookMs[0] = (System.nanoTime() - start) / 1_000_000;
        return response.statusCode() + " " + response.body();
    }

    @Test
    void eachHopShouldPassCallsOnNoSoonerThanItsProfileAllows() throws Exception {
        Path work = Path.of("target", "stack-network-it", Long.toString(System.nanoTime())).toAbsolutePath();
        try (StackNetwork network = StackNetwork.start(options(NetworkProfile.CROSS_REGION), work, System.getenv(), said::add)) {
            URI towardsNode = network.towardsNode(List.of(boxUrl)).get(0);
            URI towardsFacade = network.towardsFacade(boxUrl);
            assertThat(towardsNode.getPort()).isNotEqualTo(boxUrl.getPort());
            assertThat(towardsFacade.getPort()).isNotIn(boxUrl.getPort(), towardsNode.getPort());

            long[] tookMs = new long[1];
            assertThat(timedGet(towardsFacade, tookMs)).isEqualTo("200 pong");
            // at least 30 ms each way on the client hop: toxiproxy never delays less than latency - jitter
            assertThat(tookMs[0]).as("ms for a call across the cross-region client hop").isGreaterThanOrEqualTo(60);
            assertThat(timedGet(towardsNode, tookMs)).isEqualTo("200 pong");
            assertThat(tookMs[0]).as("ms for a call across the node hop (1-2 ms each way)").isGreaterThanOrEqualTo(2);
            assertThat(said).anySatisfy(line -> assertThat(line).startsWith("network cross-region: toxiproxy-server "));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void runJsonShouldListTheToxicsTheServerHoldsAndNoServerShouldOutliveTheNetwork() throws Exception {
        Path work = Path.of("target", "stack-network-it", Long.toString(System.nanoTime())).toAbsolutePath();
        StackNetwork network = StackNetwork.start(options(NetworkProfile.LAN), work, System.getenv(), said::add);
        long pid = network.pid();
        Map<String, Object> section;
        try {
            network.towardsNode(List.of(boxUrl));
            network.towardsFacade(boxUrl);
            section = network.describe();
        } finally {
            network.close();
        }

        assertThat(section).containsEntry("profile", "lan");
        assertThat((Map<String, Object>) section.get("toxiproxy")).containsKey("version").containsKey("binary");
        Map<String, Map<String, Object>> proxies = (Map<String, Map<String, Object>>) section.get("proxies");
        assertThat(proxies).containsOnlyKeys("node", "client");
        assertThat(proxies.get("node")).containsEntry("upstream", "127.0.0.1:" + boxUrl.getPort());
        assertThat((List<Map<String, Object>>) proxies.get("client").get("toxics"))
            .extracting(toxic -> toxic.get("name") + " " + toxic.get("type") + " " + toxic.get("stream"))
            .containsExactlyInAnyOrder("client-latency-upstream latency upstream", "client-latency-downstream latency downstream",
                "client-bandwidth-upstream bandwidth upstream", "client-bandwidth-downstream bandwidth downstream");
        assertThat((List<Map<String, Object>>) proxies.get("node").get("toxics")).filteredOn(toxic -> "latency".equals(toxic.get("type")))
            .allSatisfy(toxic -> assertThat(toxic).containsEntry("latencyMs", 1L).containsEntry("jitterMs", 0L));
        await("the server stops with its network").atMost(Duration.ofSeconds(15))
            .until(() -> ProcessHandle.of(pid).map(process -> !process.isAlive()).orElse(true));
    }
}
