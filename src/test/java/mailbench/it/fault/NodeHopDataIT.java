package mailbench.it.fault;

import static mailbench.it.support.ProxiedFacade.DEADLINE_MS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import com.fasterxml.jackson.databind.JsonNode;

import eu.rekawek.toxiproxy.model.ToxicDirection;
import mailbench.facade.opensearch.MailDocument;
import mailbench.it.facade.FacadeContract;
import mailbench.it.support.Http;
import mailbench.it.support.ProxiedFacade;
import mailbench.it.support.ProxiedFacade.Timed;
import mailbench.it.support.SharedNode;

/**
 * What the facade's answers hold when the wire to a real node is slow or cut, made by a Toxiproxy proxy of the node
 * hop: a slow link keeps the answer-size bound and delivers whole answers; a bulk cut on its way reports nothing
 * indexed that the node lacks. A facade that buffers past its bound, or reports items it never saw indexed, fails them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NodeHopDataIT {

    private static final int MAX_RESPONSE_BYTES = 64 * 1024;
    private static final long SLACK_MS = 3_000;

    private ProxiedFacade facade;
    private URI node;

    @BeforeAll
    void start() throws Exception {
        facade = ProxiedFacade.start("node-hop-data", List.of("--max-response-bytes", Integer.toString(MAX_RESPONSE_BYTES)));
        node = SharedNode.url();
    }

    @AfterEach
    void heal() throws Exception {
        facade.heal();
    }

    @AfterAll
    void stop() throws Exception {
        facade.close();
    }

    /** Seeded random words: text that compression cannot shrink to nothing, so its bytes do cross the slow link. */
    private static String text(int bytes) {
        java.util.Random random = new java.util.Random(bytes);
        StringBuilder text = new StringBuilder(bytes);
        while (text.length() < bytes) {
            text.append(random.nextInt(8) == 0 ? ' ' : (char) ('a' + random.nextInt(26)));
        }
        return text.toString();
    }

    @Test
    void aSlowLinkShouldKeepTheAnswerBoundAndDeliverWholeAnswers() throws Exception {
        String small = text(20_000);
        facade.seed(List.of(FacadeContract.message("mbx-slow", "small", "a@example.com", "Small", small, "2025-01-10T09:00:00Z", ""),
            FacadeContract.message("mbx-slow", "large", "a@example.com", "Large", text(200_000), "2025-01-11T09:00:00Z", "")));
        long heldBefore = facade.stats().path("heldBytesNow").asLong();
        // 50 KB/s: the small answer takes about 0.4 s on the wire, the large one 4 s
        facade.proxy().toxics().bandwidth("slow-link", ToxicDirection.DOWNSTREAM, 50);

        Timed whole = facade.get("/mailboxes/mbx-slow/messages/small");
        assertThat(whole.status()).as(whole.raw()).isEqualTo(200);
        assertThat(whole.json().path("body").asText()).as("the whole body, byte for byte").isEqualTo(small);

        Timed tooLarge = facade.get("/mailboxes/mbx-slow/messages/large");
        assertThat(tooLarge.status()).as(tooLarge.raw()).isEqualTo(502);
        assertThat(tooLarge.json().path("error").asText()).contains("--max-response-bytes");
        assertThat(tooLarge.tookMs()).as("ms to refuse an answer past the bound on a slow link").isLessThan(DEADLINE_MS + SLACK_MS);
        await("nothing held once answered").atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100))
            .until(() -> facade.stats().path("heldBytesNow").asLong() == heldBefore);
    }

    @Test
    void aBulkCutOnItsWayShouldReportNothingIndexedThatTheNodeLacks() throws Exception {
        List<String> messages = new ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            messages.add(FacadeContract.message("mbx-bulk", "b" + i, "a@example.com", "Bulk " + i, text(500), "2025-02-01T09:00:00Z", ""));
        }
        byte[] bulk = String.join("\n", messages).getBytes(StandardCharsets.UTF_8);
        facade.proxy().toxics().limitData("request-cut", ToxicDirection.UPSTREAM, 4_000);
        assertNothingFalselyIndexed(Http.post(facade.base(), "/messages/_bulk?refresh=wait_for", bulk), "the request cut after 4,000 bytes");
        facade.heal();
        // the node indexes it all and its answer is cut: the facade cannot know which items made it
        facade.proxy().toxics().limitData("answer-cut", ToxicDirection.DOWNSTREAM, 300);
        assertNothingFalselyIndexed(Http.post(facade.base(), "/messages/_bulk?refresh=wait_for", bulk), "the answer cut after 300 bytes");
        facade.heal();

        Http.Reply whole = Http.post(facade.base(), "/messages/_bulk?refresh=wait_for", bulk);
        assertThat(whole.status()).as(whole.raw()).isEqualTo(200);
        assertThat(whole.json().path("indexed").asInt()).isEqualTo(40);
        assertReportedIndexedAreOnTheNode(whole.json());
    }

    /** A cut bulk fails as a whole (no item reported), or reports only items the node has. */
    private void assertNothingFalselyIndexed(Http.Reply reply, String fault) throws Exception {
        System.out.printf("[network fault] bulk, %s: %d %s%n", fault, reply.status(), reply.json() == null ? reply.raw()
            : reply.json().path("error").asText(reply.json().path("indexed").asText()));
        if (reply.status() == 200) {
            assertReportedIndexedAreOnTheNode(reply.json());
            return;
        }
        assertThat(reply.status()).as(fault + ": " + reply.raw()).isIn(502, 503, 504);
        assertThat(reply.json().has("items")).as(fault + ": no item reported").isFalse();
    }

    private void assertReportedIndexedAreOnTheNode(JsonNode reply) throws Exception {
        for (JsonNode item : reply.path("items")) {
            int status = item.path("status").asInt();
            if (status == 200 || status == 201) {
                String id = MailDocument.documentId(item.path("mailboxId").asText(), item.path("messageId").asText());
                Http.Reply doc = Http.get(node, "/" + facade.index() + "/_doc/" + id);
                assertThat(doc.json().path("found").asBoolean()).as("reported indexed, on the node: " + id).isTrue();
            }
        }
    }
}
