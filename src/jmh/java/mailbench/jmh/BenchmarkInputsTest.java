package mailbench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;

import mailbench.facade.opensearch.ClientVersion;
import mailbench.facade.opensearch.MailDocument;
import mailbench.json.Json;

/**
 * Every benchmark's setup builds the input it claims, and every benchmarked method returns the
 * decoded content: a benchmark that silently measures nothing (or the wrong thing) fails here.
 * No timing is asserted.
 */
class BenchmarkInputsTest {

    private static final int CALLS = 5;
    private static final MailSearchResponse RESPONSE = MailSearchResponse.generate();

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class SpiLookup {

        // a loader per version for the whole class: building one loads the facade's classpath anew
        private final Map<String, SpiLookupBenchmark> loaded = new HashMap<>();

        @AfterAll
        void close() throws IOException {
            for (SpiLookupBenchmark benchmark : loaded.values()) {
                benchmark.close();
            }
        }

        @ParameterizedTest
        @ValueSource(strings = {"2.2.0", IsolatedClient.PINNED})
        void eachClientShouldDecodeTheGeneratedHitsInItsOwnLoader(String client) {
            SpiLookupBenchmark benchmark = loaded(client);

            assertThat(benchmark.isolated().version()).isEqualTo(IsolatedClient.PINNED.equals(client) ? ClientVersion.opensearchJava() : client);
            assertThat(benchmark.jsonpArrayParse()).hasToString("[\"a\",\"b\"]");
            Function<Object, List<String>> subjects = benchmark.isolated().adapter("HitSubjects");
            assertThat(subjects.apply(benchmark.searchResponse())).hasSize(MailSearchResponse.HITS).isEqualTo(RESPONSE.subjects());
        }

        @Test
        void version220ShouldLookUpTheProviderForEveryParse() {
            SpiLookupBenchmark benchmark = loaded("2.2.0");

            assertThat(lookupsIn(benchmark::jsonpArrayParse)).isEqualTo(CALLS);
            assertThat(lookupsIn(benchmark::searchResponse)).isEqualTo(CALLS);
        }

        @Test
        void pinnedVersionShouldNeverLookUpTheProviderAgain() {
            SpiLookupBenchmark benchmark = loaded(IsolatedClient.PINNED);

            assertThat(lookupsIn(benchmark::jsonpArrayParse)).isZero();
            assertThat(lookupsIn(benchmark::searchResponse)).isZero();
        }

        private SpiLookupBenchmark loaded(String client) {
            return loaded.computeIfAbsent(client, version -> {
                SpiLookupBenchmark benchmark = new SpiLookupBenchmark();
                benchmark.client = version;
                benchmark.load();
                return benchmark;
            });
        }
    }

    @Nested
    class ProviderLookup {

        private final ProviderLookupBenchmark benchmark = new ProviderLookupBenchmark();

        @BeforeEach
        void load() {
            benchmark.load();
        }

        @AfterEach
        void close() throws IOException {
            benchmark.close();
        }

        @Test
        void bothShouldReadTheArrayButOnlyPerParseLooksUpEachTime() {
            assertThat(benchmark.perParseLookup()).hasToString("[\"a\",\"b\"]");
            assertThat(benchmark.cachedProvider()).hasToString("[\"a\",\"b\"]");

            assertThat(lookupsIn(benchmark::perParseLookup)).isEqualTo(CALLS);
            assertThat(lookupsIn(benchmark::cachedProvider)).isZero();
        }
    }

    @Nested
    class LargeSource {

        @Test
        @SuppressWarnings("unchecked")
        void everyFormatShouldReadBackTheWholeTenMegabyteDocument() throws IOException {
            LargeSourceBenchmark benchmark = new LargeSourceBenchmark();
            benchmark.encode();

            Map<String, Object> fromJson = (Map<String, Object>) benchmark.json();
            assertThat(fromJson).containsOnlyKeys("isbn", "content");
            assertThat(fromJson.get("isbn")).isEqualTo(LargeDocument.ISBN);
            assertThat((String) fromJson.get("content")).hasSize(LargeDocument.CONTENT_CHARS).contains("\n\n");
            byte[] withoutContent = Json.MAPPER.writeValueAsBytes(Map.of("isbn", LargeDocument.ISBN, "content", ""));
            assertThat(benchmark.jsonBytes.length).isGreaterThanOrEqualTo(LargeDocument.CONTENT_CHARS);
            assertThat(1 - (double) withoutContent.length / benchmark.jsonBytes.length).as("content's share").isGreaterThan(0.9999);
            assertThat(benchmark.msgpack()).isEqualTo(fromJson);
            assertThat(benchmark.smile()).isEqualTo(fromJson);
            assertThat(benchmark.msgpackBytes[0]).as("msgpack: a map of 2 entries").isEqualTo((byte) 0x82);
            assertThat(new String(benchmark.smileBytes, 0, 3, StandardCharsets.US_ASCII)).as("Smile's header").isEqualTo(":)\n");
        }
    }

    @Nested
    class RequestEntity {

        @ParameterizedTest
        @ValueSource(ints = {1, 512, 8191, 8192, 16384})
        void bothProducersShouldWriteTheWholeBodyAndEnd(int bodyBytes) throws IOException {
            RequestEntityBenchmark benchmark = new RequestEntityBenchmark();
            benchmark.bodyBytes = bodyBytes;
            benchmark.body();
            long expected = Math.max(bodyBytes, "{\"query\":{\"match\":{\"text\":\"\"}}}".length());
            for (int i = 0; i < CALLS; i++) {
                assertThat(benchmark.stock()).isEqualTo(expected);
                assertThat(benchmark.sized()).isEqualTo(expected);
            }
        }
    }

    @Nested
    class ResponseBuffer {

        @ParameterizedTest
        @ValueSource(ints = {1, 2048, 8192, 8193, 65536})
        void bothConsumersShouldHandTheWholeAnswerToTheTransport(int answerBytes) throws Exception {
            ResponseBufferBenchmark benchmark = new ResponseBufferBenchmark();
            benchmark.answerBytes = answerBytes;
            benchmark.answer();
            for (int i = 0; i < CALLS; i++) {
                byte[] stock = org.apache.hc.core5.http.io.entity.EntityUtils.toByteArray(benchmark.stock().getEntity());
                byte[] sized = org.apache.hc.core5.http.io.entity.EntityUtils.toByteArray(benchmark.sized().getEntity());
                assertThat(stock).hasSize(answerBytes).isEqualTo(sized);
                assertThat(stock[answerBytes - 1]).isEqualTo((byte) ('a' + (answerBytes - 1) % 26));
            }
        }
    }

    @Nested
    class FieldsDecoding {

        @Test
        void bothDeserializersShouldReadTheSameTwentyHitsAsGenerated() {
            FieldsDecodingBenchmark benchmark = new FieldsDecodingBenchmark();
            for (int i = 0; i < CALLS; i++) {
                mailbench.facade.opensearch.SearchPage generic = benchmark.generic();
                assertThat(generic.hits()).hasSize(MailSearchResponse.HITS).isEqualTo(benchmark.typed().hits());
                assertThat(generic.total()).isEqualTo(214);
                assertThat(generic.hits().stream().map(mailbench.facade.opensearch.SearchPage.Hit::subject).toList())
                    .isEqualTo(RESPONSE.subjects());
                assertThat(generic.hits().get(0).receivedAt()).isEqualTo(RESPONSE.documents().get(0).receivedAt());
            }
        }
    }

    @Nested
    class SearchDecoding {

        private final SearchDecodingBenchmark benchmark = new SearchDecodingBenchmark();

        @BeforeEach
        void generate() {
            benchmark.generate();
        }

        @Test
        void theResponseShouldHoldTwentyHitsOfOneMailboxNewestFirst() {
            List<MailDocument> documents = RESPONSE.documents();

            assertThat(documents).hasSize(MailSearchResponse.HITS);
            assertThat(documents).extracting(MailDocument::mailboxId).containsOnly(documents.get(0).mailboxId());
            assertThat(documents).extracting(MailDocument::receivedAt).isSortedAccordingTo((a, b) -> b.compareTo(a));
            assertThat(benchmark.typedRecord().hits().total().value()).isGreaterThan(MailSearchResponse.HITS);
        }

        @Test
        void typedDecodingShouldGiveBackTheGeneratedDocuments() {
            assertThat(sources(benchmark.typedRecord())).isEqualTo(RESPONSE.documents());
            assertThat(benchmark.jsonDataToRecord()).isEqualTo(RESPONSE.documents());
        }

        @Test
        void genericDecodingShouldGiveTheSameSubjects() {
            assertThat(sources(benchmark.jsonData())).extracting(data -> data.toJson().asJsonObject().getString("subject"))
                .isEqualTo(RESPONSE.subjects());
            assertThat(sources(benchmark.objectNode())).extracting(node -> node.get("subject").asText()).isEqualTo(RESPONSE.subjects());
            assertThat(sources(benchmark.map())).extracting(map -> map.get("subject")).isEqualTo(RESPONSE.subjects());
        }

        private static <T> List<T> sources(SearchResponse<T> response) {
            return response.hits().hits().stream().map(Hit::source).toList();
        }
    }

    /** How many times JsonProvider.provider() scans for providers in CALLS calls, after one call to warm up. */
    private static int lookupsIn(Runnable call) {
        call.run();
        // JsonProvider logs this at FINE on each ServiceLoader scan; loggers are shared by name across class loaders
        Logger logger = Logger.getLogger("jakarta.json.spi.JsonProvider");
        AtomicInteger lookups = new AtomicInteger();
        Handler counter = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if ("Checking ServiceLoader".equals(record.getMessage())) {
                    lookups.incrementAndGet();
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Level previous = logger.getLevel();
        logger.setLevel(Level.FINE);
        logger.addHandler(counter);
        try {
            for (int i = 0; i < CALLS; i++) {
                call.run();
            }
        } finally {
            logger.removeHandler(counter);
            logger.setLevel(previous);
        }
        return lookups.get();
    }
}
