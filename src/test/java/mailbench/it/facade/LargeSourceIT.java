package mailbench.it.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.access.OpenSearchAccess;
import mailbench.corpus.CorpusGenerator;
import mailbench.corpus.CorpusSpec;
import mailbench.corpus.MailMessage;
import mailbench.facade.ClientSettings;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeServer;
import mailbench.facade.RequestLimits;
import mailbench.facade.opensearch.ClientOptions;
import mailbench.facade.opensearch.InjectedCost;
import mailbench.facade.opensearch.SearchStats;
import mailbench.facadeclient.FacadeStats;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;
import mailbench.largesource.LargeSourceWorkload;
import mailbench.loader.CorpusLoad;
import mailbench.loader.CorpusLoader;

/**
 * The large-_source workload against the real node: a corpus of 1 MiB attachment texts in one
 * mailbox, listed through three facades on the same index (doc values, filtered _source, whole
 * _source). Same listings, answers of very different sizes, and counters that add up.
 */
class LargeSourceIT {

    private static final int TEXT_BYTES = 1024 * 1024;
    private static final CorpusSpec CORPUS = new CorpusSpec(42, 6, 1, TEXT_BYTES);
    private static final LargeSourceWorkload WORKLOAD = new LargeSourceWorkload("mbx-00001", 6, 3);
    private static final String INDEX = "mail-it-large-" + System.nanoTime();

    private static FacadeServer docValues;
    private static FacadeServer filtered;
    private static FacadeServer full;

    @BeforeAll
    static void loadTheCorpus() throws Exception {
        docValues = FacadeServer.start(config(ClientOptions.Projection.DOC_VALUES));
        filtered = FacadeServer.start(config(ClientOptions.Projection.SOURCE));
        full = FacadeServer.start(config(ClientOptions.Projection.SOURCE_FULL));
        List<String> progress = new ArrayList<>();
        assertThat(new CorpusLoader(url(docValues), progress::add).load(CORPUS)).isEqualTo(6);
        assertThat(progress).anyMatch(line -> line.contains("1,048,576 bytes of attachment text"));
    }

    @AfterAll
    static void stop() {
        for (FacadeServer facade : new FacadeServer[] {docValues, filtered, full}) {
            if (facade != null) {
                facade.close();
            }
        }
    }

    @Test
    void everyProjectionShouldListTheSameMessagesWithAnswersOfVeryDifferentSizes() throws Exception {
        FacadeStats.Reading[] before = {FacadeStats.read(url(docValues)), FacadeStats.read(url(filtered)), FacadeStats.read(url(full))};

        for (int offset = 0; offset <= WORKLOAD.maxOffset(); offset++) {
            JsonNode listed = list(docValues, offset);
            assertThat(listed.get("hits")).hasSize(3);
            assertThat(listed.get("total").asLong()).isEqualTo(6);
            assertThat(list(filtered, offset)).as("filtered _source, offset " + offset).isEqualTo(listed);
            assertThat(list(full, offset)).as("whole _source, offset " + offset).isEqualTo(listed);
        }

        int searches = WORKLOAD.maxOffset() + 1;
        SearchStats.Snapshot docValuesPhase = FacadeStats.read(url(docValues)).searches().minus(before[0].searches());
        SearchStats.Snapshot filteredPhase = FacadeStats.read(url(filtered)).searches().minus(before[1].searches());
        FacadeStats.Reading fullEnd = FacadeStats.read(url(full));
        SearchStats.Snapshot fullPhase = fullEnd.searches().minus(before[2].searches());
        assertThat(fullEnd.projection()).isEqualTo("source-full");
        assertThat(docValuesPhase).as("doc values: counted, not decoded by the facade").isEqualTo(new SearchStats.Snapshot(searches, 0, 0, 0));
        assertThat(filteredPhase.searches()).isEqualTo(searches);
        assertThat(filteredPhase.decodedSearches()).isEqualTo(searches);
        assertThat(fullPhase.searches()).isEqualTo(searches);
        assertThat(fullPhase.decodedSearches()).isEqualTo(searches);
        // three whole messages per answer, against three small fields each
        assertThat(fullPhase.bytesPerResponse()).isGreaterThan(3.0 * TEXT_BYTES);
        assertThat(filteredPhase.bytesPerResponse()).isLessThan(5_000.0);
        assertThat(fullPhase.decodeNanos()).isPositive();
        assertThat(filteredPhase.decodeNanos()).isPositive().isLessThan(fullPhase.decodeNanos());
    }

    @Test
    void aMessageShouldComeBackWithItsWholeAttachmentText() throws Exception {
        MailMessage first = new CorpusGenerator(CORPUS).iterator().next();

        Http.Reply reply = Http.get(url(filtered), "/mailboxes/" + first.mailboxId() + "/messages/" + first.messageId());

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().get("attachmentText").asText()).isEqualTo(first.attachmentText());
    }

    @Test
    void anAnswerLargerThanTheFacadesBufferShouldBeACleanJson502() throws Exception {
        try (FacadeServer small = FacadeServer.start(config(ClientOptions.Projection.SOURCE_FULL, TEXT_BYTES))) {
            Http.Reply tooLarge = Http.get(url(small), WORKLOAD.searchPath(0));

            assertThat(tooLarge.status()).as(tooLarge.raw()).isEqualTo(502);
            assertThat(tooLarge.json().get("error").asText()).contains("--max-response-bytes", "fewer hits").doesNotContain("\tat ");
            assertThat(Http.get(url(small), "/health").status()).as("the facade serves on").isEqualTo(200);
            assertThat(Http.get(url(filtered), WORKLOAD.searchPath(0)).status()).isEqualTo(200);
        }
    }

    @Test
    void theSizedResponseBufferShouldHoldLargeAnswersWholeAndRefuseTheSameOversizedOne() throws Exception {
        ClientOptions sized = new ClientOptions(ClientOptions.Transport.HTTPCLIENT5, ClientOptions.Mapper.SHARED,
            ClientOptions.Projection.SOURCE_FULL, ClientOptions.ResponseCompression.CLIENT_DEFAULT, InjectedCost.NONE,
            ClientOptions.ResponseBuffer.SIZED);
        try (FacadeServer whole = FacadeServer.start(config(sized, ClientSettings.DEFAULT_MAX_RESPONSE_BYTES));
             FacadeServer small = FacadeServer.start(config(sized, TEXT_BYTES))) {
            assertThat(list(whole, 0)).as("three hits of 1 MiB each, as the client's own buffer gives them").isEqualTo(list(full, 0));
            assertThat(Http.get(url(whole), "/health").json().at("/client/responseBuffer").asText()).isEqualTo("sized");

            Http.Reply tooLarge = Http.get(url(small), WORKLOAD.searchPath(0));
            assertThat(tooLarge.status()).as(tooLarge.raw()).isEqualTo(502);
            assertThat(tooLarge.json().get("error").asText()).contains("--max-response-bytes", "fewer hits").doesNotContain("\tat ");
            assertThat(Http.get(url(small), "/health").status()).as("the facade serves on").isEqualTo(200);
        }
    }

    @Test
    void theLoaderShouldNotTakeTheLargeCorpusForThePlainOne() throws Exception {
        List<String> progress = new ArrayList<>();
        CorpusLoad load = new CorpusLoad(new CorpusLoad.Target(url(docValues), List.of(SharedNode.url()), OpenSearchAccess.NONE, INDEX), progress::add);

        assertThat(load.run(CORPUS, false)).as("the same large corpus is there").isZero();
        // the same messages without attachment text: same count, same first subject, yet not this corpus
        assertThat(load.run(CORPUS.withAttachmentTextBytes(0), false)).isEqualTo(6);
        assertThat(load.run(CORPUS.withAttachmentTextBytes(0), false)).isZero();
        assertThat(load.run(CORPUS, false)).as("and back").isEqualTo(6);
    }

    private static JsonNode list(FacadeServer facade, int offset) throws Exception {
        Http.Reply reply = Http.get(url(facade), WORKLOAD.searchPath(offset));
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        return reply.json();
    }

    private static FacadeConfig config(ClientOptions.Projection projection) throws Exception {
        return config(projection, ClientSettings.DEFAULT_MAX_RESPONSE_BYTES);
    }

    private static FacadeConfig config(ClientOptions.Projection projection, int maxResponseBytes) throws Exception {
        return config(new ClientOptions(ClientOptions.Transport.HTTPCLIENT5, ClientOptions.Mapper.SHARED, projection), maxResponseBytes);
    }

    private static FacadeConfig config(ClientOptions client, int maxResponseBytes) throws Exception {
        return FacadeConfig.local(SharedNode.url(), INDEX)
            .with(new ClientSettings(client, 1, 32, ClientSettings.DEFAULT_CONNECT_TIMEOUT,
                ClientSettings.DEFAULT_RESPONSE_TIMEOUT, maxResponseBytes))
            .with(new RequestLimits(64, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, RequestLimits.DEFAULT_MAX_BODY_BYTES,
                RequestLimits.DEFAULT_MAX_BULK_ITEMS));
    }

    private static URI url(FacadeServer facade) {
        return URI.create("http://127.0.0.1:" + facade.port());
    }
}
