package mailbench.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import mailbench.facade.FacadeServer;
import mailbench.it.facade.FacadeContract;
import mailbench.it.support.FacadeConfigs;
import mailbench.it.support.FacadeProcess;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;
import mailbench.json.Json;

/**
 * Sized and shaped input against the facade as an operator runs it (its own JVM, -Xmx256m) over
 * the real node: bodies near the 32 MiB cap made of millions of tiny values, deep nesting, millions
 * of garbage NDJSON lines, bodies on GET, JSON sent as a form, values OpenSearch would refuse. Each
 * is a fast 4xx with a JSON error, no OutOfMemoryError or stack trace reaches the log, and a
 * search works right after.
 */
class FacadeInputLimitsIT {

    private static final Path DIR = Path.of("target", "it-input-limits");
    private static final long ANSWER_MS = 5_000;
    /** Just under the default --max-body-bytes (32 MiB), as in the report that found the OutOfMemoryError. */
    private static final int NEAR_CAP = 31 * 1024 * 1024;
    private static final HttpClient HTTP_1_1 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .proxy(HttpClient.Builder.NO_PROXY).build();
    private static FacadeProcess facade;
    private static URI base;

    @BeforeAll
    static void startFacade() throws Exception {
        facade = FacadeProcess.facade(DIR, SharedNode.url(), "mail-it-limits-");
        base = facade.awaitUrl();
        String bulk = FacadeContract.message("mbx-l", "l1", "alice@example.com", "Limits drill", "quuxbar", "2025-01-10T09:00:00Z", "");
        assertThat(Http.post(base, "/messages/_bulk?refresh=wait_for", bulk.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(200);
    }

    @AfterAll
    static void stopFacade() throws Exception {
        facade.closeExpectingCleanOutput();
    }

    @Nested
    class MemoryBoundedWhileParsing {

        @Test
        void aMessageOfTenMillionEmptyObjectsShouldBeA400Fast() throws Exception {
            byte[] body = ("[" + "{},".repeat(NEAR_CAP / 3 - 1) + "{}]").getBytes(StandardCharsets.UTF_8);

            Http.Reply reply = timed(() -> big("PUT", "/mailboxes/mbx-l/messages/big", body));

            assertRefused(reply, 400, "a message must be a JSON object");
            assertSearchWorks();
        }

        @Test
        void aMessageOfMillionsOfTinyValuesShouldBeRefusedAtItsTokenBudget() throws Exception {
            byte[] body = ("{\"from\":\"a@example.com\",\"attachments\":[" + "{},".repeat(NEAR_CAP / 3 - 20) + "{}]}")
                .getBytes(StandardCharsets.UTF_8);

            Http.Reply reply = timed(() -> big("PUT", "/mailboxes/mbx-l/messages/big", body));

            assertRefused(reply, 400, "a message holds more than 20000 JSON tokens");
            assertSearchWorks();
        }

        @Test
        void aBulkArrayOfTenMillionEmptyObjectsShouldBeA413AtTheItemLimit() throws Exception {
            byte[] body = ("[" + "{},".repeat(NEAR_CAP / 3 - 1) + "{}]").getBytes(StandardCharsets.UTF_8);

            Http.Reply reply = timed(() -> big("POST", "/messages/_bulk", body));

            assertRefused(reply, 413, "at most 10000 per request (--max-bulk-items)");
            assertSearchWorks();
        }

        @Test
        void aBulkOfThirtyMegabytesOfGarbageLinesShouldBeA400NamingTheFirstBadLine() throws Exception {
            String good = FacadeContract.message("mbx-l", "g1", "alice@example.com", "Fine", "fine", "2025-01-10T09:00:00Z", "");
            StringBuilder body = new StringBuilder(NEAR_CAP).append(good).append('\n');
            SplittableRandom random = new SplittableRandom(15);
            while (body.length() < NEAR_CAP) {
                body.append("{\"mailboxId\": oops ").append(random.nextInt(1_000_000)).append('\n');
            }

            byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);

            Http.Reply reply = timed(() -> big("POST", "/messages/_bulk", bytes));

            assertRefused(reply, 400, "line 2 is not valid JSON");
            assertThat(reply.json().get("error").asText()).contains("nothing was indexed");
            assertSearchWorks();
        }

        @Test
        void deepNestingShouldBeA400NamingTheLimit() throws Exception {
            byte[] deep = ("{\"a\":" + "[".repeat(1_000_000)).getBytes(StandardCharsets.UTF_8);

            assertRefused(timed(() -> big("PUT", "/mailboxes/mbx-l/messages/deep", deep)), 400, "nesting depth");
            assertRefused(timed(() -> big("POST", "/messages/_bulk", deep)), 400, "nesting depth");
            assertSearchWorks();
        }

        @Test
        void aBodyOverTheCapShouldBeA413BeforeItIsRead() throws Exception {
            Http.Reply reply = timed(() -> headersOnly("POST /messages/_bulk HTTP/1.1", 33 * 1024 * 1024));

            assertRefused(reply, 413, "--max-body-bytes");
            assertSearchWorks();
        }
    }

    @Nested
    class BodiesAndContentTypes {

        @Test
        void aGetWithAFormBodyShouldBeA400WithJson() throws Exception {
            for (String path : List.of("/health", "/mailboxes/mbx-l/search?text=quuxbar", "/mailboxes/mbx-l/messages/l1")) {
                Http.Reply reply = timed(() -> Http.send(HttpRequest.newBuilder(URI.create(base + path))
                    .header("content-type", "application/x-www-form-urlencoded")
                    .method("GET", HttpRequest.BodyPublishers.ofString("a=%zz&b=%"))));

                assertRefused(reply, 400, "GET takes no request body");
            }
            Http.Reply json = timed(() -> Http.send(HttpRequest.newBuilder(URI.create(base + "/health"))
                .header("content-type", "application/json").method("GET", HttpRequest.BodyPublishers.ofString("{\"a\":1}"))));
            assertRefused(json, 400, "GET takes no request body");
            assertSearchWorks();
        }

        @Test
        void jsonSentWithCurlsDefaultFormContentTypeShouldBeReadAsJsonPercentSignsIncluded() throws Exception {
            String message = "{\"from\":\"alice@example.com\",\"subject\":\"100% done %zz %\",\"receivedAt\":\"2025-02-01T00:00:00Z\"}";

            Http.Reply reply = timed(() -> Http.send(HttpRequest.newBuilder(URI.create(base + "/mailboxes/mbx-l/messages/pct"))
                .header("content-type", "application/x-www-form-urlencoded").PUT(HttpRequest.BodyPublishers.ofString(message))));

            assertThat(reply.status()).as(reply.raw()).isEqualTo(201);
            assertThat(Http.get(base, "/mailboxes/mbx-l/messages/pct").json().get("subject").asText()).isEqualTo("100% done %zz %");
        }

        @Test
        void aMultipartBodyShouldBeA415NamingTheContentType() throws Exception {
            Http.Reply reply = timed(() -> Http.send(HttpRequest.newBuilder(URI.create(base + "/mailboxes/mbx-l/messages/mp"))
                .header("content-type", "multipart/form-data; boundary=x").PUT(HttpRequest.BodyPublishers.ofString("--x--"))));

            assertRefused(reply, 415, "Content-Type: application/json");
            assertSearchWorks();
        }
    }

    @Nested
    class WhatOpenSearchWouldRefuse {

        @Test
        void anAttachmentNameOverTheTermLimitShouldBeA400NamingTheField() throws Exception {
            String body = "{\"from\":\"a@example.com\",\"receivedAt\":\"2025-01-01T00:00:00Z\",\"attachments\":[{\"name\":\""
                + "n".repeat(40_000) + "\",\"size\":1}]}";

            assertRefused(timed(() -> Http.put(base, "/mailboxes/mbx-l/messages/long-name", body)), 400,
                "attachments[0]: field 'name' is 40000 bytes in UTF-8; at most 32766");
            assertSearchWorks();
        }

        @Test
        void aSearchWithMoreFlagsThanTheLimitShouldBeA400NamingIt() throws Exception {
            String flags = String.join(",", Collections.nCopies(1_100, "seen"));

            assertRefused(timed(() -> Http.get(base, "/mailboxes/mbx-l/search?flags=" + flags)), 400, "at most 64");
            assertSearchWorks();
        }

        @Test
        void attachmentSizesThatOverflowALongShouldBeA400() throws Exception {
            String body = "{\"from\":\"a@example.com\",\"receivedAt\":\"2025-01-01T00:00:00Z\",\"attachments\":[{\"size\":"
                + Long.MAX_VALUE + "},{\"size\":" + Long.MAX_VALUE + "}]}";

            assertRefused(timed(() -> Http.put(base, "/mailboxes/mbx-l/messages/overflow", body)), 400, "sizes add up past");
            assertRefused(timed(() -> Http.put(base, "/mailboxes/mbx-l/messages/negative",
                "{\"from\":\"a@example.com\",\"receivedAt\":\"2025-01-01T00:00:00Z\",\"size\":-1}")), 400, "non-negative");
            assertSearchWorks();
        }

        @Test
        void datesShouldBeStoredFromYear0000To9999AndRefusedOutside() throws Exception {
            for (String date : List.of("0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z")) {
                Http.Reply stored = Http.put(base, "/mailboxes/mbx-l/messages/d" + date.charAt(0),
                    "{\"from\":\"a@example.com\",\"receivedAt\":\"" + date + "\"}");
                assertThat(stored.status()).as("OpenSearch stores " + date + ": " + stored.raw()).isEqualTo(201);
            }
            assertRefused(timed(() -> Http.put(base, "/mailboxes/mbx-l/messages/d-far",
                "{\"from\":\"a@example.com\",\"receivedAt\":\"+10000-01-01T00:00:00Z\"}")), 400, "field 'receivedAt' must be between");
            assertRefused(timed(() -> Http.get(base, "/mailboxes/mbx-l/search?after=%2B10000-01-01T00:00:00Z")), 400, "after must be between");
            assertSearchWorks();
        }

        /** An index made by someone else, whose mapping refuses what the facade's accepts: OpenSearch's 400 is the client's 400. */
        @Test
        void openSearchsOwn4xxForTheClientsInputShouldBeA400NamingNoBackendHost() throws Exception {
            String index = "mail-it-foreign-" + System.nanoTime();
            URI node = SharedNode.url();
            HttpClient client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
            int created = client.send(HttpRequest.newBuilder(URI.create(node + "/" + index)).header("content-type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"settings\":{\"number_of_replicas\":0},\"mappings\":{\"properties\":"
                    + "{\"from\":{\"type\":\"ip\"}}}}")).build(), java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode();
            assertThat(created).isEqualTo(200);
            FacadeServer server = FacadeServer.start(FacadeConfigs.onFreePort(node, index));
            try {
                URI foreign = URI.create("http://127.0.0.1:" + server.port());
                assertThat(Http.get(foreign, "/health").status()).as("a new facade, warmed up").isEqualTo(200);
                Http.Reply reply = timed(() -> Http.put(foreign, "/mailboxes/mbx-f/messages/f1",
                    "{\"from\":\"alice@example.com\",\"receivedAt\":\"2025-01-01T00:00:00Z\"}"));

                assertRefused(reply, 400, "OpenSearch refused this input (400): mapper_parsing_exception");
                assertThat(reply.json().get("error").asText()).doesNotContain(node.getHost() + ":" + node.getPort())
                    .doesNotContain("http://");
            } finally {
                server.close();
            }
        }
    }

    private static Http.Reply timed(Callable<Http.Reply> request) throws Exception {
        long start = System.nanoTime();
        Http.Reply reply = request.call();
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("[input limits] %d in %d ms: %s%n", reply.status(), ms,
            reply.raw().length() > 160 ? reply.raw().substring(0, 160) + "..." : reply.raw());
        assertThat(ms).as("answered fast: " + reply.raw()).isLessThan(ANSWER_MS);
        return reply;
    }

    /** A large body over HTTP/1.1 from an array built beforehand: the time measured is the facade's, not the encoding's. */
    private static Http.Reply big(String method, String path, byte[] body) throws Exception {
        return Http.send(HTTP_1_1, HttpRequest.newBuilder(URI.create(base + path)).header("content-type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    /** A request whose body is announced and never sent: only an answer that waits for no body arrives. */
    private static Http.Reply headersOnly(String requestLine, long contentLength) throws Exception {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout((int) ANSWER_MS);
            socket.getOutputStream().write((requestLine + "\r\nHost: " + base.getHost() + "\r\nContent-Type: application/json"
                + "\r\nContent-Length: " + contentLength + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            // the answer's head and its Content-Length of body: the connection stays open for a body that never comes
            java.io.InputStream in = socket.getInputStream();
            StringBuilder head = new StringBuilder();
            while (!head.toString().endsWith("\r\n\r\n")) {
                int b = in.read();
                assertThat(b).as("an answer before the body: " + head).isNotNegative();
                head.append((char) b);
            }
            java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
            assertThat(length.find()).as(head.toString()).isTrue();
            String body = new String(in.readNBytes(Integer.parseInt(length.group(1))), StandardCharsets.UTF_8);
            return new Http.Reply(Integer.parseInt(head.substring(9, 12)), Json.MAPPER.readTree(body), body);
        }
    }

    private static void assertRefused(Http.Reply reply, int status, String says) {
        assertThat(reply.status()).as(reply.raw()).isEqualTo(status);
        assertThat(reply.json()).as("a JSON body: " + reply.raw()).isNotNull();
        assertThat(reply.json().get("error").asText()).contains(says);
    }

    private static void assertSearchWorks() throws Exception {
        Http.Reply search = timed(() -> Http.get(base, "/mailboxes/mbx-l/search?text=quuxbar"));
        assertThat(search.status()).as("a search right after: " + search.raw()).isEqualTo(200);
        assertThat(search.json().get("total").asLong()).isEqualTo(1);
        Http.Reply health = Http.get(base, "/health");
        assertThat(health.status()).as(health.raw()).isEqualTo(200);
    }
}
