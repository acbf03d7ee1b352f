package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.access.OpenSearchAccess;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;
import mailbench.nightly.NightlyHistories;
import mailbench.results.DashboardObjects;
import mailbench.results.ResultsIndex;

/** A run's document in a real OpenSearch: the template put first (and again, harmlessly), every field typed as the template says. */
class ResultsIndexIT {

    @TempDir
    static Path dir;
    static URI opensearch;
    static Path run;

    @BeforeAll
    static void sendOneRun() throws Exception {
        opensearch = SharedNode.url();
        Http.delete(opensearch, "/" + ResultsIndex.INDEX);
        Http.delete(opensearch, "/_index_template/" + ResultsIndex.TEMPLATE);
        run = NightlyHistories.writeRun(dir.resolve("20261123-020000-SearchSimulation-default"), "bench-1",
            new NightlyHistories.Load(100, 10, 0.5), new Random(11));
        assertThat(new ResultsIndex(List.of(opensearch), OpenSearchAccess.NONE).putRun("r1", run, Map.of("source", "run"))).isNull();
        // another sender puts the same template again and replaces the document: still one
        assertThat(new ResultsIndex(List.of(opensearch), OpenSearchAccess.NONE).putRun("r1", run, Map.of("source", "run"))).isNull();
    }

    @Test
    void theTemplateShouldTypeEveryField() throws Exception {
        assertThat(Http.get(opensearch, "/_index_template/" + ResultsIndex.TEMPLATE).status()).isEqualTo(200);
        JsonNode properties = Http.get(opensearch, "/" + ResultsIndex.INDEX + "/_mapping").json()
            .at("/" + ResultsIndex.INDEX + "/mappings/properties");

        assertThat(properties.at("/timestamp/type").asText()).isEqualTo("date");
        assertThat(properties.at("/commit/type").asText()).isEqualTo("keyword");
        assertThat(properties.at("/simulation/type").asText()).isEqualTo("keyword");
        assertThat(properties.at("/host/type").asText()).isEqualTo("keyword");
        assertThat(properties.at("/rate/type").asText()).isEqualTo("integer");
        assertThat(properties.at("/p99Ms/type").asText()).isEqualTo("double");
        assertThat(properties.at("/cpuMsPerRequest/type").asText()).isEqualTo("double");
        assertThat(properties.at("/versions/properties/jdk/type").asText()).isEqualTo("keyword");
        assertThat(properties.at("/versions/properties/opensearchJava/type").asText()).isEqualTo("keyword");
        JsonNode text = properties.at("/perRequest/properties/search_by_text/properties");
        assertThat(text.at("/name/type").asText()).isEqualTo("keyword");
        assertThat(text.at("/p99Ms/type").asText()).as("a whole number in summary.json, a double in the index").isEqualTo("double");
        assertThat(text.at("/requests/type").asText()).isEqualTo("double");
    }

    @Test
    void theDocumentShouldSayWhatRanAndWhatItMeasured() throws Exception {
        assertThat(Http.get(opensearch, "/" + ResultsIndex.INDEX + "/_count").json().get("count").asLong()).isEqualTo(1);
        JsonNode doc = Http.get(opensearch, "/" + ResultsIndex.INDEX + "/_doc/r1").json().get("_source");

        assertThat(doc.get("source").asText()).isEqualTo("run");
        assertThat(doc.get("run").asText()).isEqualTo(run.getFileName().toString());
        assertThat(doc.get("commit").asText()).isEqualTo("1a2b3c4d5e6f");
        assertThat(doc.get("simulation").asText()).isEqualTo("SearchSimulation");
        assertThat(doc.get("variant").asText()).isEqualTo("default");
        assertThat(doc.get("rate").asInt()).isEqualTo(100);
        assertThat(doc.get("host").asText()).isEqualTo("bench-1");
        assertThat(doc.at("/versions/gatling").asText()).isEqualTo("3.15.1");
        assertThat(doc.get("rps").asDouble()).isCloseTo(100, within(0.5));
        assertThat(doc.get("cpuMsPerRequest").asDouble()).isBetween(0.4, 0.6);
        assertThat(doc.get("perRequest").fieldNames()).toIterable()
            .containsExactlyInAnyOrder("get_message_by_id", "search_by_date_range", "search_by_sender", "search_by_text");
        assertThat(doc.at("/perRequest/search_by_text/name").asText()).isEqualTo("Search by text");
        assertThat(doc.at("/perRequest/search_by_text/requests").asLong()).isEqualTo(250);
        assertThat(doc.at("/perRequest/search_by_text/p99Ms").asDouble()).isPositive();
    }

    @Test
    void everyFieldTheDashboardsChartShouldExistInTheRealIndex() throws Exception {
        for (String field : DashboardObjects.aggregatedFields().keySet()) {
            JsonNode mapping = Http.get(opensearch, "/" + ResultsIndex.INDEX + "/_mapping/field/" + field).json()
                .at("/" + ResultsIndex.INDEX + "/mappings");
            assertThat(mapping.has(field)).as(field + " in the index's mapping").isTrue();
        }
    }
}
