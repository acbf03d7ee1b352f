package mailbench.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeServer;
import mailbench.facade.RequestLimits;
import mailbench.it.facade.FacadeContract;
import mailbench.it.support.FacadeConfigs;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;

/**
 * Generated hostile input against the real facade over the real node: malformed and mistyped
 * JSON, odd path segments and query strings, garbage NDJSON, broken request lines, bodies at the
 * body cap, deep nesting, thousands of tiny values, requests sent a few bytes at a time (some given
 * up halfway). Every answer must be below 500, every 4xx
 * must carry a JSON {@code error}, and the facade must still be healthy at the end. Search text
 * that looks like query DSL must be searched as words.
 *
 * <p>The cases come from a fixed seed ({@value #DEFAULT_SEED}); a failure names the seed, the
 * generator and the case number. Another seed: {@code -Dmailbench.hostile.seed=<long>}.
 */
class HostileInputIT {

    static final long DEFAULT_SEED = 20_251_123L;
    private static final String SEED_PROPERTY = "mailbench.hostile.seed";
    private static final int TRIES = 2_500;
    private static final int SLOW_TRIES = 40;
    /** Small enough that bodies around it stay cheap to send thousands of times. */
    private static final int BODY_CAP = 256 * 1024;
    private static final Map<Integer, AtomicInteger> STATUSES = new ConcurrentHashMap<>();
    private static long seed;
    private static FacadeServer facade;
    private static URI base;

    @BeforeAll
    static void startFacade() throws Exception {
        seed = seed(System.getProperty(SEED_PROPERTY));
        FacadeConfig d = FacadeConfigs.onFreePort(SharedNode.url(), "mail-it-hostile-" + System.nanoTime());
        FacadeConfig config = FacadeConfigs.withMaxBodyBytes(d, BODY_CAP);
        facade = FacadeServer.start(config);
        base = URI.create("http://127.0.0.1:" + facade.port());
        String bulk = String.join("\n",
            FacadeContract.message("mbx-dsl", "d1", "alice@example.com", "Quarterly report", "zorblax numbers inside", "2025-01-10T09:00:00Z", ""),
            FacadeContract.message("mbx-dsl", "d2", "bob@example.com", "Lunch", "Shall we meet on Friday", "2025-02-20T12:30:00Z", ""),
            FacadeContract.message("mbx-dsl", "d3", "carol@example.com", "Script review", "The review is tomorrow", "2025-03-05T08:15:00Z", ""));
        Http.Reply reply = Http.post(base, "/messages/_bulk?refresh=wait_for", bulk.getBytes(StandardCharsets.UTF_8));
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
    }

    static long seed(String value) {
        if (value == null || value.isBlank()) {
            return DEFAULT_SEED;
        }
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + SEED_PROPERTY + " must be a whole number (a long), got '" + value + "'");
        }
    }

    @AfterAll
    static void stopFacade() throws Exception {
        if (facade == null) {
            return;
        }
        try {
            Http.Reply health = Http.get(base, "/health");
            assertThat(health.status()).as("the facade survived the hostile input: " + health.raw()).isEqualTo(200);
        } finally {
            facade.close();
            // the figures docs/tests.adoc quotes: how many requests, which answers
            System.out.println("[hostile input] seed " + seed + ": " + STATUSES.values().stream().mapToInt(AtomicInteger::get).sum()
                + " requests, statuses " + STATUSES.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ")));
        }
    }

    @Test
    void indexingAnyBodyUnderAnyIdShouldNeverFailOnTheServer() throws Exception {
        cases("index", TRIES, in -> {
            String path = "/mailboxes/" + encode(in.mailboxOrId()) + "/messages/" + encode(in.mailboxOrId());
            String body = in.messageBody();
            check("PUT " + path + " " + body, Http.put(base, path, body));
        });
    }

    @Test
    void bulkOfAnyLinesShouldNeverFailOnTheServer() throws Exception {
        cases("bulk", TRIES, in -> bulk(in.bulkBody()));
    }

    @Test
    void searchWithAnyQueryStringShouldNeverFailOnTheServer() throws Exception {
        cases("search", TRIES, in -> get("/mailboxes/" + encode(in.mailboxOrId()) + "/search?" + in.queryString()));
    }

    @Test
    void gettingAnyIdShouldNeverFailOnTheServer() throws Exception {
        cases("get", TRIES, in -> get("/mailboxes/" + encode(in.mailboxOrId()) + "/messages/" + encode(in.mailboxOrId())));
    }

    @Test
    void brokenRequestLinesShouldGetA4xxOrNothing() throws Exception {
        cases("raw", 500, in -> {
            String line = "GET " + in.rawTarget() + " HTTP/1.1";
            check(line, Http.raw(base, line));
        });
    }

    @Test
    void bodiesAtTheBodyCapShouldBeRefusedWhenTooLargeOrMalformed() throws Exception {
        cases("near-cap", 300, in -> {
            HostileInputs.SizedBody sized = in.nearCapBody(BODY_CAP);
            Http.Reply reply = Http.put(base, "/mailboxes/mbx-cap/messages/m1", sized.body());
            check("PUT of " + sized.body().length() + " bytes", reply);
            assertThat(reply.status()).as("%d bytes against a cap of %d", sized.body().length(), BODY_CAP)
                .isEqualTo(sized.expectedStatus());
        });
    }

    @Test
    void deeplyNestedJsonShouldBeRefused() throws Exception {
        cases("nested", 500, in -> {
            String body = in.deeplyNested();
            Http.Reply reply = Http.put(base, "/mailboxes/mbx-nested/messages/m1", body);
            check("PUT " + body, reply);
            assertThat(reply.status()).as("no message nests").isIn(400, 413);
        });
    }

    @Test
    void thousandsOfTinyValuesShouldBeRefused() throws Exception {
        cases("tiny-values", 400, in -> {
            String body = in.manyTinyValues(BODY_CAP);
            Http.Reply reply = Http.put(base, "/mailboxes/mbx-tiny/messages/m1", body);
            check("PUT " + body, reply);
            assertThat(reply.status()).as("more values than a message may hold").isEqualTo(400);
        });
        cases("tiny-lines", 100, in -> {
            String body = in.bulkOfManyTinyLines(RequestLimits.DEFAULT_MAX_BULK_ITEMS);
            Http.Reply reply = bulk(body);
            // 413 for the count, or 400 when the first line already makes the body a broken JSON array ("[]")
            assertThat(reply.status()).as("more lines than a bulk may carry: %s", reply.raw()).isIn(400, 413);
        });
    }

    @Test
    void searchTextThatLooksLikeQueryDslOrScriptShouldBeSearchedAsWords() throws Exception {
        assertThat(total("")).as("the mailbox holds 3 messages").isEqualTo(3);
        assertThat(total("zorblax")).as("a word of one body").isEqualTo(1);
        for (String dsl : List.of("*", "*:*", "{\"match_all\":{}}", "body:*", "_exists_:subject", "\" OR \"1\"=\"1",
            "{\"script\":{\"source\":\"return true\"}}", "subject:(Quarterly OR Lunch OR Script)")) {
            assertThat(total(dsl)).as("text %s is words, not a query", dsl).isZero();
        }
    }

    @Test
    void slowSendersShouldGetTheirAnswerOrA4xxAndHoldNoBytesAfter() throws Exception {
        // bounded in time: each case pauses 1.5 s at most in all, 8 cases at once
        ExecutorService senders = Executors.newFixedThreadPool(8);
        try {
            List<Future<Void>> sent = new ArrayList<>();
            for (int i = 0; i < SLOW_TRIES; i++) {
                int index = i;
                sent.add(senders.submit(() -> {
                    oneCase("slow", index, in -> slowly(in.slowSend(index)));
                    return null;
                }));
            }
            for (Future<Void> one : sent) {
                try {
                    one.get(60, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof AssertionError failure ? failure : new AssertionError(e.getCause());
                }
            }
        } finally {
            senders.shutdownNow();
        }
        Awaitility.await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(Http.get(base, "/_mailbench/stats").json()
            .path("bodyBytesInFlightNow").asLong()).as("body bytes held once every slow sender is done or gone").isZero());
    }

    /** Sends the request in pieces with pauses; unless it gives up halfway, checks the answer as for any other case. */
    private static void slowly(HostileInputs.SlowSend slow) throws Exception {
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.write((slow.method() + " " + slow.path() + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Connection: close\r\n" + (slow.chunked() ? "Transfer-Encoding: chunked" : "Content-Length: " + slow.body().length)
            + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        int bodyStart = request.size();
        if (slow.chunked()) {
            for (int at = 0; at < slow.body().length; at += slow.pieceBytes()) {
                int length = Math.min(slow.pieceBytes(), slow.body().length - at);
                request.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                request.write(slow.body(), at, length);
                request.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            request.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        } else {
            request.write(slow.body());
        }
        byte[] bytes = request.toByteArray();
        int end = slow.abort() ? bodyStart + (bytes.length - bodyStart) / 2 : bytes.length;
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(30_000);
            try {
                for (int at = 0; at < end; at += slow.pieceBytes()) {
                    socket.getOutputStream().write(bytes, at, Math.min(slow.pieceBytes(), end - at));
                    socket.getOutputStream().flush();
                    Thread.sleep(slow.pauseMs()); // the pause between pieces is what this case sends
                }
            } catch (IOException e) {
                // answered and closed before the whole body was sent: the answer is read below
            }
            if (slow.abort()) {
                return;
            }
            String shown = slow.method() + " " + slow.path() + " in pieces of " + slow.pieceBytes() + " bytes every " + slow.pauseMs()
                + " ms" + (slow.chunked() ? ", chunked" : "");
            Http.Reply reply = Http.parse(new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            check(shown, reply);
            assertThat(reply.status()).as("an answer to %s", shown).isNotEqualTo(Http.CLOSED_WITHOUT_ANSWER);
        }
    }

    /** One generated request per case; a failure names the case so it can be replayed. */
    private static void cases(String generator, int tries, Case body) throws Exception {
        for (int i = 0; i < tries; i++) {
            oneCase(generator, i, body);
        }
    }

    private static void oneCase(String generator, int i, Case body) throws Exception {
        try {
            body.run(HostileInputs.forCase(seed, generator, i));
        } catch (AssertionError | Exception e) {
            throw new AssertionError("generator '" + generator + "', case " + i + " of seed " + seed + " (replay: -D" + SEED_PROPERTY
                + "=" + seed + "): " + e.getMessage(), e);
        }
    }

    @FunctionalInterface
    private interface Case {
        void run(HostileInputs in) throws Exception;
    }

    private static Http.Reply get(String path) throws Exception {
        Http.Reply reply = Http.get(base, path);
        check("GET " + path, reply);
        return reply;
    }

    private static Http.Reply bulk(String body) throws Exception {
        Http.Reply reply = Http.post(base, "/messages/_bulk", body.getBytes(StandardCharsets.UTF_8));
        check("POST /messages/_bulk " + body, reply);
        return reply;
    }

    private static long total(String text) throws Exception {
        Http.Reply reply = Http.get(base, "/mailboxes/mbx-dsl/search" + (text.isEmpty() ? "" : "?text=" + encode(text)));
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        return reply.json().get("total").asLong();
    }

    private static void check(String request, Http.Reply reply) {
        STATUSES.computeIfAbsent(reply.status(), s -> new AtomicInteger()).incrementAndGet();
        if (reply.status() == Http.CLOSED_WITHOUT_ANSWER) {
            return; // a request line the HTTP codec cannot parse may end the connection: no answer is no server error
        }
        String shown = request.length() > 300 ? request.substring(0, 300) + "... (" + request.length() + " chars)" : request;
        assertThat(reply.status()).as("no server error for %s: %s", shown, reply.raw()).isLessThan(500);
        if (reply.status() >= 400) {
            JsonNode error = reply.json() == null ? null : reply.json().get("error");
            assertThat(error).as("a 4xx says what was wrong in JSON for %s: %s", shown, reply.raw()).isNotNull();
            assertThat(error.isTextual()).isTrue();
        }
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
