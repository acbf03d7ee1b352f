package mailbench.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.it.facade.FacadeContract;
import mailbench.it.support.FacadeProcess;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;

/**
 * Bodies whose parsed and serialised forms are many times their bytes, against the facade as an operator runs it (its own
 * JVM, -Xmx256m, so --max-held-bytes is 128 MiB) over the real node: tiny {@code {}} attachments by the thousand become
 * 37-byte attachments in the request for OpenSearch and an object each. A bulk that would hold more than the bound alone
 * is a fast 413 naming the fix; bulks that fit alone but not together share the bound (the others get 503 with
 * Retry-After); the facade's heap stays inside its bound and it answers a search in under a second afterwards.
 */
class ExpansionIT {

    private static final Path DIR = Path.of("target", "it-expansion");
    private static final long SEARCH_MS = 1_000;
    private static final HttpClient HTTP_1_1 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .proxy(HttpClient.Builder.NO_PROXY).build();
    private static FacadeProcess facade;
    private static URI base;

    @BeforeAll
    static void startFacade() throws Exception {
        facade = FacadeProcess.facade(DIR, SharedNode.url(), "mail-it-expansion-");
        base = facade.awaitUrl();
        String bulk = FacadeContract.message("mbx-x", "x1", "alice@example.com", "Expansion drill", "quuxbar", "2025-01-10T09:00:00Z", "");
        assertThat(Http.post(base, "/messages/_bulk?refresh=wait_for", bulk.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(200);
    }

    @AfterAll
    static void stopFacade() throws Exception {
        facade.closeExpectingCleanOutput();
    }

    /** {@code lines} messages of {@code attachments} empty attachments each: about 3 bytes an attachment on the wire. */
    private static byte[] emptyAttachments(int lines, int attachments, String prefix) {
        String list = String.join(",", Collections.nCopies(attachments, "{}"));
        StringBuilder body = new StringBuilder(lines * (attachments * 3 + 120));
        for (int i = 0; i < lines; i++) {
            body.append("{\"mailboxId\":\"mbx-x\",\"messageId\":\"").append(prefix).append(i)
                .append("\",\"from\":\"a@example.com\",\"receivedAt\":\"2025-01-01T00:00:00Z\",\"attachments\":[").append(list).append("]}\n");
        }
        return body.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aBulkOfTenThousandMessagesOfAThousandEmptyAttachmentsShouldBeA413Fast() throws Exception {
        byte[] body = emptyAttachments(10_000, 1_000, "bomb-");
        assertThat(body.length).as("about 31 MB on the wire").isBetween(30_000_000, 32 * 1024 * 1024);

        long start = System.nanoTime();
        Http.Reply reply = post(body);
        long ms = (System.nanoTime() - start) / 1_000_000;
        JsonNode stats = stats();
        System.out.printf("[expansion] bomb of %d bytes: %d in %d ms: %s; peak held %d of %d bytes, heap %d of %d MiB%n", body.length,
            reply.status(), ms, reply.raw(), stats.path("heldBytesPeak").asLong(), heldBound(stats),
            stats.path("usedHeapBytes").asLong() >> 20, stats.path("maxHeapBytes").asLong() >> 20);

        assertThat(reply.status()).as(reply.raw()).isEqualTo(413);
        assertThat(reply.json().path("error").asText()).contains("--max-held-bytes").contains("fewer messages per bulk");
        assertThat(ms).as("time to the 413").isLessThan(10_000);
        assertThat(stats.path("heldBytesPeak").asLong()).isLessThanOrEqualTo(heldBound(stats));
        assertHeldBytesGivenBack();
        assertSearchWorks();
    }

    @Test
    void bulksThatFitAloneButNotTogetherShouldShareTheBound() throws Exception {
        int bulks = 8;
        List<byte[]> bodies = new ArrayList<>();
        for (int i = 0; i < bulks; i++) {
            // about 100 MB held each by the estimate (about 45 MB in fact): one at a time under a 128 MiB bound
            bodies.add(emptyAttachments(300, 1_000, "share-" + i + "-"));
        }
        AtomicBoolean sending = new AtomicBoolean(true);
        AtomicLong maxHeap = new AtomicLong();
        ExecutorService clients = Executors.newFixedThreadPool(bulks + 1);
        try {
            clients.submit(() -> {
                while (sending.get()) {
                    maxHeap.accumulateAndGet(stats().path("usedHeapBytes").asLong(), Math::max);
                    Thread.sleep(50);
                }
                return null;
            });
            List<Future<Http.Reply>> replies = new ArrayList<>();
            for (byte[] body : bodies) {
                replies.add(clients.submit(() -> post(body)));
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Http.Reply> reply : replies) {
                Http.Reply answered = reply.get();
                statuses.add(answered.status());
                if (answered.status() == 503) {
                    assertThat(answered.json().path("error").asText()).contains("--max-held-bytes");
                } else {
                    assertThat(answered.status()).as(answered.raw()).isEqualTo(200);
                    assertThat(answered.json().path("failed").asLong()).as(answered.raw()).isZero();
                }
            }
            sending.set(false);
            JsonNode stats = stats();
            System.out.printf("[expansion] %d bulks of %d bytes at once: %s; peak held %d of %d bytes; heap at most %d of %d MiB;"
                + " refused %s%n", bulks, bodies.get(0).length, statuses, stats.path("heldBytesPeak").asLong(), heldBound(stats),
                maxHeap.get() >> 20, stats.path("maxHeapBytes").asLong() >> 20, stats.path("refused"));

            assertThat(statuses).contains(200).contains(503);
            assertThat(stats.path("refused").path("heldBytes").asLong()).isPositive();
            assertThat(stats.path("heldBytesPeak").asLong()).isLessThanOrEqualTo(heldBound(stats));
            assertThat(maxHeap.get()).isLessThan(stats.path("maxHeapBytes").asLong());
        } finally {
            sending.set(false);
            clients.shutdownNow();
        }
        assertHeldBytesGivenBack();
        assertSearchWorks();
    }

    private static long heldBound(JsonNode stats) {
        return stats.path("maxHeapBytes").asLong() / 2;
    }

    private static Http.Reply post(byte[] body) throws Exception {
        return Http.send(HTTP_1_1, HttpRequest.newBuilder(URI.create(base + "/messages/_bulk")).header("content-type", "application/x-ndjson")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    private static JsonNode stats() throws Exception {
        Http.Reply reply = Http.get(base, "/_mailbench/stats");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        return reply.json();
    }

    private static void assertHeldBytesGivenBack() {
        Awaitility.await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(stats().path("heldBytesNow").asLong()).as("held bytes given back").isZero());
    }

    /** The best of three searches right after: the tests run at idle priority on a shared host, one can wait for the CPU. */
    private static void assertSearchWorks() throws Exception {
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long start = System.nanoTime();
            Http.Reply search = Http.get(base, "/mailboxes/mbx-x/search?text=quuxbar");
            times.add((System.nanoTime() - start) / 1_000_000);
            assertThat(search.status()).as("a search right after: " + search.raw()).isEqualTo(200);
            assertThat(search.json().get("total").asLong()).isEqualTo(1);
        }
        System.out.printf("[expansion] searches right after: %s ms%n", times);
        assertThat(Collections.min(times)).as("search time (ms) of " + times).isLessThan(SEARCH_MS);
    }
}
