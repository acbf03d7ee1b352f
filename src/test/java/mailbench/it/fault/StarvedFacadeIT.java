package mailbench.it.fault;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.it.facade.FacadeContract;
import mailbench.it.support.FacadeProcess;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;
import mailbench.json.Json;

/**
 * Requests that wait unread because the facade gets no CPU (its cores taken by the node or the
 * injector, as in an overload run on a shared host): the facade process is frozen with SIGSTOP
 * while searches arrive on its open connections, then resumed. The searches that waited are refused with a 503 naming
 * --max-event-loop-lag-ms before any OpenSearch call, none goes unanswered, and the facade serves
 * normally right after. The in-flight bound cannot do this: it only counts calls it has made.
 */
class StarvedFacadeIT {

    private static final Path DIR = Path.of("target", "it-starved-facade");
    private static final int WAITING = 50;
    private static final long FROZEN_MS = 2_000;

    @Test
    void searchesThatWaitedUnreadShouldGet503WithoutReachingOpenSearchAndTheFacadeShouldServeRightAfter() throws Exception {
        String index = "mail-it-starved-" + System.nanoTime();
        try (FacadeProcess facade = FacadeProcess.startTiered(DIR, "facade", List.of("facade", "--opensearch", SharedNode.url().toString(),
            "--port", "0", "--index", index), Map.of())) {
            URI base = facade.awaitUrl();
            String bulk = FacadeContract.message("mbx-s", "s1", "a@example.com", "Starved drill", "quuxbar", "2025-01-10T09:00:00Z", "");
            assertThat(Http.post(base, "/messages/_bulk?refresh=wait_for", bulk.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(200);
            for (int i = 0; i < 20; i++) {
                assertThat(Http.get(base, "/mailboxes/mbx-s/search?text=quuxbar").status()).as("warm-up").isEqualTo(200);
            }
            // HTTP/1.1, one connection per request in flight, kept open between requests as a load generator's pool; the first
            // burst on them, cold, holds the loop about 0.25 s: under the default bound of 1 s
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).proxy(HttpClient.Builder.NO_PROXY).build();
            HttpRequest search = HttpRequest.newBuilder(URI.create(base + "/mailboxes/mbx-s/search?text=quuxbar"))
                .timeout(Duration.ofSeconds(30)).build();
            List<CompletableFuture<HttpResponse<String>>> opening = new ArrayList<>();
            for (int i = 0; i < WAITING; i++) {
                opening.add(client.sendAsync(search, HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> answer : opening) {
                HttpResponse<String> opened = answer.get(60, TimeUnit.SECONDS);
                assertThat(opened.statusCode()).as("connections opened and warm: " + opened.body()).isEqualTo(200);
            }
            JsonNode before = Http.get(base, "/_mailbench/stats").json();

            List<CompletableFuture<HttpResponse<String>>> waiting = new ArrayList<>();
            signal("STOP", facade.pid());
            try {
                for (int i = 0; i < WAITING; i++) {
                    waiting.add(client.sendAsync(search, HttpResponse.BodyHandlers.ofString()));
                }
                Thread.sleep(FROZEN_MS); // kept: how long the process stays stopped is the case under test
            } finally {
                signal("CONT", facade.pid());
            }
            long resumed = System.nanoTime();

            int served = 0;
            int refused = 0;
            long lastRefusalMs = 0;
            for (CompletableFuture<HttpResponse<String>> answer : waiting) {
                HttpResponse<String> response = answer.get(60, TimeUnit.SECONDS);
                assertThat(response.statusCode()).as("only 200 or 503: " + response.body()).isIn(200, 503);
                if (response.statusCode() == 503) {
                    refused++;
                    lastRefusalMs = Math.max(lastRefusalMs, (System.nanoTime() - resumed) / 1_000_000);
                    assertThat(Json.MAPPER.readTree(response.body()).get("error").asText()).contains("--max-event-loop-lag-ms");
                    assertThat(response.headers().firstValue("retry-after")).contains("1");
                } else {
                    served++;
                }
            }
            JsonNode after = Http.get(base, "/_mailbench/stats").json();
            System.out.printf("[starved] %d searches sent to a facade frozen for %d ms: %d refused (503), %d served;"
                + " all answered by %d ms after it resumed%n", WAITING, FROZEN_MS, refused, served, lastRefusalMs);

            assertThat(refused).as("searches that waited unread past the bound are refused").isPositive();
            assertThat(after.at("/refused/eventLoopLag").asLong() - before.at("/refused/eventLoopLag").asLong())
                .as("refusals counted").isEqualTo(refused);
            assertThat(after.at("/searches/searches").asLong() - before.at("/searches/searches").asLong())
                .as("only the served searches reached OpenSearch").isEqualTo(served);
            // kept: five periods of the 20 ms lag probe, the bound within which the facade must serve again
            Thread.sleep(5 * 20);
            for (int i = 0; i < 20; i++) {
                Http.Reply again = Http.get(base, "/mailboxes/mbx-s/search?text=quuxbar");
                assertThat(again.status()).as("served again right after: " + again.raw()).isEqualTo(200);
            }
        }
    }

    private static void signal(String signal, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0).as("kill -" + signal + " " + pid).isTrue();
    }
}
