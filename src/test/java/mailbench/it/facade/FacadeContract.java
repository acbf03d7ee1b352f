package mailbench.it.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.facade.ClientSettings;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeServer;
import mailbench.facade.RequestLimits;
import mailbench.facade.opensearch.ClientOptions;
import mailbench.it.support.Http;

/**
 * What the facade promises its users, checked against a real OpenSearch: the embedded node
 * ({@link FacadeEmbeddedIT}) or a container where Docker exists ({@link FacadeContainerIT}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class FacadeContract {

    static final int MAX_BODY = 64 * 1024;

    AutoCloseable facade;
    URI base;

    abstract URI opensearch() throws Exception;

    /** The transport and mapper under test; the default unless a subclass runs the contract on another. */
    ClientOptions clientOptions() {
        return ClientOptions.DEFAULT;
    }

    @BeforeAll
    void startFacade() throws Exception {
        String index = "mail-it-" + getClass().getSimpleName().toLowerCase(Locale.ROOT) + "-" + System.nanoTime();
        FacadeConfig config = FacadeConfig.local(opensearch(), index)
            .with(new ClientSettings(clientOptions(), 1, 32, Duration.ofSeconds(1), Duration.ofSeconds(30),
                ClientSettings.DEFAULT_MAX_RESPONSE_BYTES))
            .with(new RequestLimits(64, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, MAX_BODY, 100));
        base = start(config);
        String bulk = String.join("\n",
            message("mbx-1", "m1", "Alice@Example.com", "Quarterly report ready", "The numbers for zorblax are in.", "2025-01-10T09:00:00Z", "\\\\Seen"),
            message("mbx-1", "m2", "bob@example.com", "Lunch on Friday", "Shall we try the new place?", "2025-02-20T12:30:00Z", "\\\\Seen\", \"\\\\Flagged"),
            message("mbx-1", "m3", "alice@example.com", "Re: Quarterly report ready", "Thanks, zorblax looks good.", "2025-03-05T08:15:00Z", ""),
            message("mbx-2", "m4", "carol@example.com", "Quarterly report ready", "Other mailbox, same words: zorblax.", "2025-01-11T10:00:00Z", ""));
        Http.Reply reply = Http.post(base, "/messages/_bulk?refresh=wait_for", bulk.getBytes(StandardCharsets.UTF_8));
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        assertThat(reply.json().get("failed").asInt()).as(reply.raw()).isZero();
    }

    /** Starts the facade in this JVM and returns its URL; a subclass may start it elsewhere (on another client). */
    URI start(FacadeConfig config) throws Exception {
        FacadeServer server = FacadeServer.start(config);
        facade = server;
        return URI.create("http://127.0.0.1:" + server.port());
    }

    @AfterAll
    void stopFacade() throws Exception {
        if (facade != null) {
            facade.close();
        }
    }

    public static String message(String mailbox, String id, String from, String subject, String body, String receivedAt, String flags) {
        return "{\"mailboxId\":\"" + mailbox + "\",\"messageId\":\"" + id + "\",\"from\":\"" + from + "\",\"to\":[\"me@example.com\"],"
            + "\"subject\":\"" + subject + "\",\"body\":\"" + body + "\",\"receivedAt\":\"" + receivedAt + "\",\"flags\":["
            + (flags.isEmpty() ? "" : "\"" + flags + "\"") + "]}";
    }

    static List<String> ids(Http.Reply reply) {
        List<String> ids = new ArrayList<>();
        reply.json().get("hits").forEach(hit -> ids.add(hit.get("messageId").asText()));
        return ids;
    }

    @Nested
    class Health {
        @Test
        void healthShouldReportFacadeBackendAndVersions() throws Exception {
            Http.Reply reply = Http.get(base, "/health");
            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.json().get("status").asText()).isEqualTo("ok");
            assertThat(reply.json().at("/backend/status").asText()).isIn("green", "yellow");
            assertThat(reply.json().at("/backend/version").asText()).matches("\\d+\\.\\d+\\.\\d+");
            assertThat(reply.json().at("/client/opensearchJava").asText()).matches("\\d+\\.\\d+\\.\\d+");
        }
    }

    @Nested
    class IndexAndGet {
        @Test
        void putThenGetShouldReturnTheStoredMessage() throws Exception {
            Http.Reply put = Http.put(base, "/mailboxes/mbx-9/messages/new-1",
                "{\"from\":\"Dora@Example.com\",\"to\":[\"me@example.com\"],\"subject\":\"Hello\",\"body\":\"Hi there\","
                    + "\"receivedAt\":\"2025-05-01T10:00:00Z\",\"attachments\":[{\"name\":\"a.pdf\",\"contentType\":\"application/pdf\",\"size\":10}]}");
            assertThat(put.status()).as(put.raw()).isEqualTo(201);
            Http.Reply get = Http.get(base, "/mailboxes/mbx-9/messages/new-1");
            assertThat(get.status()).isEqualTo(200);
            assertThat(get.json().get("from").asText()).isEqualTo("dora@example.com");
            assertThat(get.json().get("subject").asText()).isEqualTo("Hello");
            assertThat(get.json().get("receivedAt").asText()).isEqualTo("2025-05-01T10:00:00Z");
            assertThat(get.json().get("size").asLong()).isEqualTo("Hello".length() + "Hi there".length() + 10);
            assertThat(get.json().at("/attachments/0/name").asText()).isEqualTo("a.pdf");
        }

        @Test
        void getShouldAnswer404ForAnUnknownMessageOrAnotherMailbox() throws Exception {
            assertThat(Http.get(base, "/mailboxes/mbx-1/messages/nope").status()).isEqualTo(404);
            Http.Reply otherMailbox = Http.get(base, "/mailboxes/mbx-2/messages/m1");
            assertThat(otherMailbox.status()).isEqualTo(404);
            assertThat(otherMailbox.json().get("error").asText()).contains("m1");
        }

        @Test
        void putShouldRejectMalformedJsonWrongTypesAndOversizedBodies() throws Exception {
            Http.Reply malformed = Http.put(base, "/mailboxes/mbx-9/messages/bad", "{\"from\": ");
            assertThat(malformed.status()).isEqualTo(400);
            assertThat(malformed.json().get("error").asText()).contains("not valid JSON");
            Http.Reply wrongType = Http.put(base, "/mailboxes/mbx-9/messages/bad",
                "{\"from\":\"a@b.c\",\"receivedAt\":\"2025-01-01T00:00:00Z\",\"to\":\"x@y.z\"}");
            assertThat(wrongType.status()).isEqualTo(400);
            assertThat(wrongType.json().get("error").asText()).contains("'to'").contains("array");
            Http.Reply huge = Http.put(base, "/mailboxes/mbx-9/messages/bad", "{\"body\":\"" + "x".repeat(MAX_BODY * 2) + "\"}");
            assertThat(huge.status()).isEqualTo(413);
            assertThat(huge.json().get("error").asText()).contains("--max-body-bytes");
            assertThat(Http.get(base, "/mailboxes/mbx-9/messages/bad").status()).isEqualTo(404);
        }
    }

    @Nested
    class Bulk {
        @Test
        void bulkShouldIndexGoodItemsAndReportBadOnesInTheirSlot() throws Exception {
            String good = message("mbx-3", "b1", "x@example.com", "One", "first", "2025-01-01T00:00:00Z", "");
            String bad = "{\"mailboxId\":\"mbx-3\",\"messageId\":\"b3\",\"from\":\"nobody\",\"receivedAt\":\"2025-01-01T00:00:00Z\"}";
            Http.Reply notJson = Http.post(base, "/messages/_bulk?refresh=wait_for",
                (good + "\n{not json\n" + bad + "\n").getBytes(StandardCharsets.UTF_8));
            assertThat(notJson.status()).as("a line that is not JSON refuses the whole bulk").isEqualTo(400);
            assertThat(notJson.json().get("error").asText()).startsWith("line 2 is not valid JSON");
            assertThat(Http.get(base, "/mailboxes/mbx-3/messages/b1").status()).as("nothing indexed").isEqualTo(404);

            Http.Reply reply = Http.post(base, "/messages/_bulk?refresh=wait_for", (good + "\n" + bad + "\n").getBytes(StandardCharsets.UTF_8));
            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.json().get("indexed").asInt()).isEqualTo(1);
            assertThat(reply.json().get("failed").asInt()).isEqualTo(1);
            JsonNode items = reply.json().get("items");
            assertThat(items.get(0).get("status").asInt()).isEqualTo(201);
            assertThat(items.get(1).get("messageId").asText()).isEqualTo("b3");
            assertThat(items.get(1).get("error").asText()).contains("'from'");
            assertThat(Http.get(base, "/mailboxes/mbx-3/messages/b1").status()).isEqualTo(200);
        }

        @Test
        void bulkShouldRefuseTooManyItemsAsAWhole() throws Exception {
            StringBuilder body = new StringBuilder();
            for (int i = 0; i < 101; i++) {
                body.append(message("mbx-4", "t" + i, "x@example.com", "s", "b", "2025-01-01T00:00:00Z", "")).append('\n');
            }
            Http.Reply reply = Http.post(base, "/messages/_bulk", body.toString().getBytes(StandardCharsets.UTF_8));
            assertThat(reply.status()).isEqualTo(413);
            assertThat(reply.json().get("error").asText()).contains("at most 100");
        }
    }

    @Nested
    class Search {
        @Test
        void textSearchShouldStayInsideTheMailbox() throws Exception {
            Http.Reply reply = Http.get(base, "/mailboxes/mbx-1/search?text=zorblax");
            assertThat(reply.status()).isEqualTo(200);
            assertThat(ids(reply)).containsExactly("m3", "m1");
            assertThat(reply.json().get("total").asLong()).isEqualTo(2);
            assertThat(reply.json().at("/hits/0/subject").asText()).isEqualTo("Re: Quarterly report ready");
            assertThat(reply.json().at("/hits/0/from").asText()).isEqualTo("alice@example.com");
            assertThat(reply.json().at("/hits/0/receivedAt").asText()).isEqualTo("2025-03-05T08:15:00Z");
            assertThat(reply.json().at("/hits/1/subject").asText()).isEqualTo("Quarterly report ready");
        }

        @Test
        void filtersShouldCombineSenderDatesAndFlags() throws Exception {
            assertThat(ids(Http.get(base, "/mailboxes/mbx-1/search?from=ALICE@example.com"))).containsExactly("m3", "m1");
            assertThat(ids(Http.get(base, "/mailboxes/mbx-1/search?after=2025-02-01&before=2025-03-01"))).containsExactly("m2");
            assertThat(ids(Http.get(base, "/mailboxes/mbx-1/search?flags=seen,flagged"))).containsExactly("m2");
            assertThat(ids(Http.get(base, "/mailboxes/mbx-1/search?subject=lunch"))).containsExactly("m2");
        }

        @Test
        void sortAndPagingShouldOrderByDate() throws Exception {
            assertThat(ids(Http.get(base, "/mailboxes/mbx-1/search?sort=receivedAt:asc"))).containsExactly("m1", "m2", "m3");
            Http.Reply page = Http.get(base, "/mailboxes/mbx-1/search?limit=1&offset=1");
            assertThat(ids(page)).containsExactly("m2");
            assertThat(page.json().get("total").asLong()).isEqualTo(3);
        }

        @Test
        void textThatLooksLikeQueryDslShouldBeSearchedAsText() throws Exception {
            for (String dsl : List.of("%7B%22match_all%22%3A%7B%7D%7D", "*", "*%3A*")) {
                Http.Reply reply = Http.get(base, "/mailboxes/mbx-1/search?text=" + dsl);
                assertThat(reply.status()).isEqualTo(200);
                assertThat(reply.json().get("total").asLong()).as(dsl).isZero();
            }
        }

        @Test
        void badParametersShouldGet400WithTheReason() throws Exception {
            Http.Reply sort = Http.get(base, "/mailboxes/mbx-1/search?sort=subject");
            assertThat(sort.status()).isEqualTo(400);
            assertThat(sort.json().get("error").asText()).contains("receivedAt:desc");
            assertThat(Http.get(base, "/mailboxes/mbx-1/search?limit=1000").json().get("error").asText()).contains("between 1 and 100");
            Http.Reply badEscape = Http.raw(base, "GET /mailboxes/mbx-1/search?text=%zz HTTP/1.1");
            assertThat(badEscape.status()).isEqualTo(400);
            assertThat(badEscape.json().get("error").asText()).contains("malformed request");
            assertThat(Http.get(base, "/mailboxes/mbx-1/search?bogus=1").status()).isEqualTo(400);
        }
    }

    @Nested
    class Routing {
        @Test
        void unknownEndpointsShouldGetJson404() throws Exception {
            Http.Reply reply = Http.get(base, "/nowhere");
            assertThat(reply.status()).isEqualTo(404);
            assertThat(reply.json().get("error").asText()).contains("/nowhere");
        }
    }
}
