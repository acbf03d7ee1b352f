package mailbench.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import mailbench.facade.FacadeServer;
import mailbench.it.facade.FacadeContract;
import mailbench.it.support.FacadeConfigs;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;

/**
 * Mistakes a client can make within every size limit that OpenSearch, or the facade's answer, would pay for: search text
 * in Chinese whose every character is a clause of the query, a small bulk of thousands of invalid items. Each is a fast
 * 400 with one error naming the fix, never a 5xx or megabytes of answer.
 */
class ClientMistakesIT {

    private static FacadeServer facade;
    private static URI base;

    @BeforeAll
    static void startFacade() throws Exception {
        facade = FacadeServer.start(FacadeConfigs.onFreePort(SharedNode.url(), "mail-it-mistakes-" + System.nanoTime()));
        base = URI.create("http://127.0.0.1:" + facade.port());
        String bulk = FacadeContract.message("mbx-k", "k1", "alice@example.com", "Quarterly report", "zorblax", "2025-01-10T09:00:00Z", "");
        assertThat(Http.post(base, "/messages/_bulk?refresh=wait_for", bulk.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(200);
    }

    @AfterAll
    static void stopFacade() {
        facade.close();
    }

    /** {@code count} different CJK ideographs, as real text has (from U+4E00 on). */
    private static String ideographs(int count) {
        StringBuilder text = new StringBuilder(count);
        for (int i = 0; i < count; i++) {
            text.append((char) (0x4E00 + i));
        }
        return text.toString();
    }

    private static Http.Reply search(String text, String subject) throws Exception {
        return Http.get(base, "/mailboxes/mbx-k/search?text=" + URLEncoder.encode(text, StandardCharsets.UTF_8) + "&subject="
            + URLEncoder.encode(subject, StandardCharsets.UTF_8));
    }

    @Test
    void fiveHundredTwelveIdeographsInTextAndSubjectShouldBeA400NamingTheTerms() throws Exception {
        long start = System.nanoTime();
        Http.Reply reply = search(ideographs(512), ideographs(512));
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("[mistakes] 512 + 512 ideographs: %d in %d ms: %s%n", reply.status(), ms, reply.raw());

        assertThat(reply.status()).as(reply.raw()).isEqualTo(400);
        assertThat(reply.json().path("error").asText()).contains("text makes 512 search terms; at most 300").contains("fewer words");
        assertThat(ms).isLessThan(1_000);
    }

    @Test
    void searchTextAtTheTermLimitShouldBeSearched() throws Exception {
        Http.Reply reply = search(ideographs(300), ideographs(300));

        assertThat(reply.status()).as("OpenSearch takes what the facade lets through: " + reply.raw()).isEqualTo(200);
        assertThat(Http.get(base, "/mailboxes/mbx-k/search?text=zorblax").json().path("total").asLong()).isEqualTo(1);
    }

    @Test
    void aSmallBulkOfThousandsOfInvalidItemsShouldBeOne400() throws Exception {
        byte[] body = "{\"a\":1}\n".repeat(8_191).getBytes(StandardCharsets.UTF_8);

        long start = System.nanoTime();
        Http.Reply reply = Http.post(base, "/messages/_bulk", body);
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("[mistakes] bulk of %d bytes, 8191 invalid items: %d in %d ms, %d bytes of answer%n", body.length,
            reply.status(), ms, reply.raw().length());

        assertThat(reply.status()).as(reply.raw().substring(0, Math.min(300, reply.raw().length()))).isEqualTo(400);
        assertThat(reply.json().path("error").asText()).contains("none of the bulk's 8191 messages is valid")
            .contains("item 1: unknown field 'a'");
        assertThat(reply.raw().length()).isLessThan(1_024);
        assertThat(ms).isLessThan(5_000);
    }
}
