package mailbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeServer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Generated hostile input against the real facade over the real node: malformed and mistyped
 * JSON, odd path segments and query strings, garbage NDJSON, broken request lines. Every answer
 * must be below 500, every 4xx must carry a JSON {@code error}, and the facade must still be
 * healthy at the end. Search text that looks like query DSL must be searched as words.
 */
class HostileInputIT {

    private static final int TRIES = 2_500;
    private static final Map<Integer, AtomicInteger> STATUSES = new ConcurrentHashMap<>();
    private static FacadeServer facade;
    private static URI base;

    @BeforeContainer
    static void startFacade() throws Exception {
        FacadeConfig config = FacadeConfig.defaults().withOpenSearch(SharedNode.url()).withPort(0)
            .withIndex("mail-it-hostile-" + System.nanoTime());
        facade = FacadeServer.start(config);
        base = URI.create("http://127.0.0.1:" + facade.port());
        String bulk = String.join("\n",
            FacadeContract.message("mbx-dsl", "d1", "alice@example.com", "Quarterly report", "zorblax numbers inside", "2025-01-10T09:00:00Z", ""),
            FacadeContract.message("mbx-dsl", "d2", "bob@example.com", "Lunch", "Shall we meet on Friday", "2025-02-20T12:30:00Z", ""),
            FacadeContract.message("mbx-dsl", "d3", "carol@example.com", "Script review", "The review is tomorrow", "2025-03-05T08:15:00Z", ""));
        Http.Reply reply = Http.post(base, "/messages/_bulk?refresh=wait_for", bulk.getBytes(StandardCharsets.UTF_8));
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
    }

    @AfterContainer
    static void stopFacade() throws Exception {
        try {
            Http.Reply health = Http.get(base, "/health");
            assertThat(health.status()).as("the facade survived the hostile input: " + health.raw()).isEqualTo(200);
        } finally {
            facade.close();
            // the figures README.adoc quotes: how many requests, which answers
            System.out.println("[hostile input] " + STATUSES.values().stream().mapToInt(AtomicInteger::get).sum() + " requests, statuses "
                + STATUSES.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ")));
        }
    }

    @Property(tries = TRIES)
    void indexingAnyBodyUnderAnyIdShouldNeverFailOnTheServer(@ForAll("mailboxOrId") String mailbox, @ForAll("mailboxOrId") String id,
                                                            @ForAll("messageBodies") String body) throws Exception {
        check(Http.put(base, "/mailboxes/" + segment(mailbox) + "/messages/" + segment(id), body));
    }

    @Property(tries = TRIES)
    void bulkOfAnyLinesShouldNeverFailOnTheServer(@ForAll("bulkBodies") String body) throws Exception {
        check(Http.post(base, "/messages/_bulk", body.getBytes(StandardCharsets.UTF_8)));
    }

    @Property(tries = TRIES)
    void searchWithAnyQueryStringShouldNeverFailOnTheServer(@ForAll("mailboxOrId") String mailbox,
                                                           @ForAll("queryStrings") String query) throws Exception {
        check(Http.get(base, "/mailboxes/" + segment(mailbox) + "/search?" + query));
    }

    @Property(tries = TRIES)
    void gettingAnyIdShouldNeverFailOnTheServer(@ForAll("mailboxOrId") String mailbox, @ForAll("mailboxOrId") String id)
        throws Exception {
        check(Http.get(base, "/mailboxes/" + segment(mailbox) + "/messages/" + segment(id)));
    }

    @Property(tries = 500)
    void brokenRequestLinesShouldGetA4xxOrNothing(@ForAll("rawTargets") String target) throws Exception {
        check(Http.raw(base, "GET " + target + " HTTP/1.1"));
    }

    @Example
    void searchTextThatLooksLikeQueryDslOrScriptShouldBeSearchedAsWords() throws Exception {
        assertThat(total("")).as("the mailbox holds 3 messages").isEqualTo(3);
        assertThat(total("zorblax")).as("a word of one body").isEqualTo(1);
        for (String dsl : List.of("*", "*:*", "{\"match_all\":{}}", "body:*", "_exists_:subject", "\" OR \"1\"=\"1",
            "{\"script\":{\"source\":\"return true\"}}", "subject:(Quarterly OR Lunch OR Script)")) {
            assertThat(total(dsl)).as("text %s is words, not a query", dsl).isZero();
        }
    }

    private static long total(String text) throws Exception {
        Http.Reply reply = Http.get(base, "/mailboxes/mbx-dsl/search" + (text.isEmpty() ? "" : "?text=" + encode(text)));
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        return reply.json().get("total").asLong();
    }

    private static void check(Http.Reply reply) {
        STATUSES.computeIfAbsent(reply.status(), s -> new AtomicInteger()).incrementAndGet();
        if (reply.status() == Http.CLOSED_WITHOUT_ANSWER) {
            return; // a request line the HTTP codec cannot parse may end the connection: no answer is no server error
        }
        assertThat(reply.status()).as("no server error: " + reply.raw()).isLessThan(500);
        if (reply.status() >= 400) {
            JsonNode error = reply.json() == null ? null : reply.json().get("error");
            assertThat(error).as("a 4xx says what was wrong in JSON: " + reply.raw()).isNotNull();
            assertThat(error.isTextual()).isTrue();
        }
    }

    private static String segment(String value) {
        return encode(value);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Provide
    Arbitrary<String> mailboxOrId() {
        return Arbitraries.oneOf(Arbitraries.of("mbx-dsl", "d1", "m1", "..", ".", "_search", "_all", "%", "a:b"),
            Arbitraries.strings().all().ofMinLength(1).ofMaxLength(40),
            Arbitraries.strings().alpha().numeric().withChars('-', '_', ':', '.').ofMinLength(1).ofMaxLength(600));
    }

    /** Mostly almost-valid messages (one field wrong, a character lost), some plain garbage. */
    @Provide
    Arbitrary<String> messageBodies() {
        Arbitrary<String> field = Arbitraries.of("from", "to", "cc", "subject", "body", "receivedAt", "flags", "size", "attachments",
            "mailboxId", "messageId", "unknown", "");
        Arbitrary<String> value = Arbitraries.oneOf(
            Arbitraries.strings().all().ofMaxLength(30).map(HostileInputIT::jsonString),
            Arbitraries.of("null", "true", "-1", "1e999", "9223372036854775808", "[]", "{}", "[1,2]", "[{}]", "\"2025-13-45T99:00:00Z\"",
                "\"\\u0000\"", "[\"a@b.c\", 3]", "{\"$where\":1}", "[{\"name\":1,\"size\":\"x\"}]"));
        Arbitrary<String> mistyped = Combinators.combine(field, value).as((f, v) ->
            "{\"from\":\"a@example.com\",\"receivedAt\":\"2025-01-01T00:00:00Z\",\"" + f + "\":" + v + "}");
        Arbitrary<String> truncated = Combinators.combine(mistyped, Arbitraries.integers().between(0, 60))
            .as((json, cut) -> json.substring(0, Math.min(cut, json.length())));
        return Arbitraries.oneOf(mistyped, truncated, Arbitraries.strings().all().ofMaxLength(300),
            Arbitraries.of("", "[]", "null", "\"text\"", "{", "}", "{\"from\":{\"from\":{\"from\":{}}}}", "[".repeat(5_000)));
    }

    @Provide
    Arbitrary<String> bulkBodies() {
        Arbitrary<String> line = Arbitraries.oneOf(messageBodies(),
            Arbitraries.of("{\"index\":{\"_index\":\"other\"}}", "{\"delete\":{\"_id\":\"d1\"}}",
                "{\"mailboxId\":\"mbx-x\",\"messageId\":\"x\",\"from\":\"a@b.c\",\"receivedAt\":\"2025-01-01T00:00:00Z\"}"));
        return Arbitraries.oneOf(
            line.list().ofMaxSize(20).map(lines -> String.join("\n", lines)),
            line.list().ofMaxSize(20).map(lines -> "[" + String.join(",", lines) + "]"),
            Arbitraries.strings().all().ofMaxLength(500));
    }

    @Provide
    Arbitrary<String> queryStrings() {
        Arbitrary<String> name = Arbitraries.oneOf(Arbitraries.of("text", "from", "to", "subject", "after", "before", "flags", "sort",
            "limit", "offset"), Arbitraries.strings().all().ofMaxLength(10));
        Arbitrary<String> value = Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(40),
            Arbitraries.of("", "-1", "0", "1001", "99999999999999999999", "receivedAt:desc", "size:sideways", "relevance", "_score",
                "2025-01-01", "2025-01-01T00:00:00Z", "tomorrow", "\\\\Seen", "\\\\Seen,\\\\Flagged", "NaN"));
        Arbitrary<String> pair = Combinators.combine(name, value).as((n, v) -> encode(n) + "=" + encode(v));
        return pair.list().ofMaxSize(12).map(pairs -> String.join("&", pairs));
    }

    /** Request targets no URI builder would make: raw spaces stay out (they end the target), the rest is fair game. */
    @Provide
    Arbitrary<String> rawTargets() {
        Arbitrary<String> junk = Arbitraries.strings().withCharRange('!', '~').ofMaxLength(80);
        return Arbitraries.oneOf(junk.map(j -> "/mailboxes/" + j + "/search?" + j), junk.map(j -> "/" + j),
            junk.map(j -> "/mailboxes/mbx-dsl/search?text=%" + j), Arbitraries.of("*", "//", "/%", "/%zz", "/%00", "/..%2f..%2fetc"));
    }

    private static String jsonString(String raw) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : raw.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
