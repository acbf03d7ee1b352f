package mailbench.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import mailbench.facade.ClientSettings;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeServer;
import mailbench.facade.RequestLimits;
import mailbench.facade.opensearch.ClientOptions;
import mailbench.it.facade.FacadeContract;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;

/**
 * Far more requests at once than the facade lets through to OpenSearch (its in-flight bound):
 * the excess is refused with 503 at once instead of queueing without end, nothing goes
 * unanswered, the facade's heap does not run away, and it serves normally right after.
 */
class OverloadIT {

    private static final int MAX_IN_FLIGHT = 8;
    private static final int CONCURRENT = 200;
    private static final int ROUNDS = 25;

    @Test
    void excessRequestsShouldGet503AtOnceAndTheFacadeShouldRecover() throws Exception {
        FacadeConfig config = FacadeConfig.local(SharedNode.url(), "mail-it-overload-" + System.nanoTime())
            .with(new ClientSettings(ClientOptions.DEFAULT, 1, MAX_IN_FLIGHT, Duration.ofSeconds(1), Duration.ofSeconds(30),
                ClientSettings.DEFAULT_MAX_RESPONSE_BYTES))
            .with(new RequestLimits(MAX_IN_FLIGHT, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS,
                RequestLimits.DEFAULT_MAX_BODY_BYTES, RequestLimits.DEFAULT_MAX_BULK_ITEMS));
        try (FacadeServer facade = FacadeServer.start(config)) {
            URI base = URI.create("http://127.0.0.1:" + facade.port());
            String bulk = FacadeContract.message("mbx-o", "o1", "a@example.com", "Overload drill", "zorblax", "2025-01-10T09:00:00Z", "");
            assertThat(Http.post(base, "/messages/_bulk?refresh=wait_for", bulk.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(200);
            // HTTP/1.1, one connection per request in flight, as load generators do (h2c would cap them at 100 streams)
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).proxy(HttpClient.Builder.NO_PROXY).build();
            HttpRequest search = HttpRequest.newBuilder(URI.create(base + "/mailboxes/mbx-o/search?text=zorblax"))
                .timeout(Duration.ofSeconds(30)).build();
            Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
            java.util.Set<String> noAnswer = ConcurrentHashMap.newKeySet();
            Runtime runtime = Runtime.getRuntime();
            System.gc();
            long heapBefore = runtime.totalMemory() - runtime.freeMemory();
            long slowest503 = 0;

            for (int round = 0; round < ROUNDS; round++) {
                List<CompletableFuture<Long>> inFlight = new ArrayList<>();
                for (int i = 0; i < CONCURRENT; i++) {
                    long sent = System.nanoTime();
                    inFlight.add(client.sendAsync(search, HttpResponse.BodyHandlers.ofString()).handle((response, error) -> {
                        int status = error == null ? response.statusCode() : -1;
                        if (error != null) {
                            noAnswer.add(String.valueOf(error));
                        }
                        statuses.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
                        return status == 503 ? (System.nanoTime() - sent) / 1_000_000 : 0L;
                    }));
                }
                for (CompletableFuture<Long> answer : inFlight) {
                    slowest503 = Math.max(slowest503, answer.join());
                }
            }
            System.gc();
            long heapAfter = runtime.totalMemory() - runtime.freeMemory();
            System.out.printf("[overload] %d requests, %d at once, in-flight bound %d: %s; slowest 503 %d ms; heap %d -> %d MiB%n",
                CONCURRENT * ROUNDS, CONCURRENT, MAX_IN_FLIGHT, statuses.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(", ")), slowest503, heapBefore >> 20, heapAfter >> 20);

            assertThat(noAnswer).as("requests without an answer").isEmpty();
            assertThat(statuses.keySet()).as("only 200 or 503").isSubsetOf(200, 503);
            assertThat(statuses.get(503)).as("the excess was refused").isNotNull();
            assertThat(statuses.get(200)).as("what fits was served").isNotNull();
            assertThat(heapAfter - heapBefore).as("bytes the overload left on the heap").isLessThan(64L << 20);
            for (int i = 0; i < 20; i++) {
                Http.Reply after = Http.get(base, "/mailboxes/mbx-o/search?text=zorblax");
                assertThat(after.status()).as("served again right after: " + after.raw()).isEqualTo(200);
            }
        }
    }
}
