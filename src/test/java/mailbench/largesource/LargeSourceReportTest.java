package mailbench.largesource;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.corpus.CorpusSpec;
import mailbench.facade.opensearch.SearchStats;
import mailbench.facadeclient.FacadeStats;
import mailbench.json.Json;
import mailbench.runfolder.RunSummary;

/** large-source.json and .html from two readings of the facade's counters and the measured response times. */
class LargeSourceReportTest {

    private static final CorpusSpec CORPUS = new CorpusSpec(42, 60, 1, 5 * 1024 * 1024);
    private static final LargeSourceWorkload WORKLOAD = new LargeSourceWorkload("mbx-00001", 60, 5);
    private static final RunSummary.Stats TIMES = new RunSummary.Stats(400, 0, 6.67, 280, 350, 390, 420, 290.5);

    @Test
    void afterRunWithoutAMeasuredSearchShouldWriteNothingAndSaySo(@TempDir Path folder) throws Exception {
        FacadeStats.Reading end = new FacadeStats.Reading("source-full", new SearchStats.Snapshot(100, 100, 0, 0));
        List<String> events = new ArrayList<>();

        assertThat(LargeSourceReport.afterRun(Map.of("variant", "source-full"), CORPUS, WORKLOAD, 2, null, end, folder, events::add))
            .isEmpty();

        assertThat(events).containsExactly("no measured search started: no large-source report");
        assertThat(folder.resolve(LargeSourceReport.JSON)).doesNotExist();
        assertThat(folder.resolve(LargeSourceReport.HTML)).doesNotExist();
    }

    @Test
    void theMeasuredPhaseShouldBeTheDifferenceOfTheReadings(@TempDir Path folder) throws Exception {
        FacadeStats.Reading start = new FacadeStats.Reading("source-full", new SearchStats.Snapshot(100, 100, 2_620_000_000L, 9_000_000_000L));
        // 400 answers of 26.2 MB decoded in 36 s: 90 ms each, 291 MB/s
        FacadeStats.Reading end = new FacadeStats.Reading("source-full",
            new SearchStats.Snapshot(500, 500, 2_620_000_000L + 10_480_000_000L, 9_000_000_000L + 36_000_000_000L));

        LargeSourceResult result = LargeSourceResult.of(Map.of("variant", "source-full", "runId", "r1"), CORPUS, WORKLOAD, 2, start, end, TIMES);
        LargeSourceReport.write(result, folder);

        JsonNode json = Json.MAPPER.readTree(folder.resolve(LargeSourceReport.JSON).toFile());
        assertThat(json.at("/facade/searches").asLong()).isEqualTo(400);
        assertThat(json.at("/facade/megabytesPerResponse").asDouble()).isEqualTo(26.2);
        assertThat(json.at("/facade/decodeMsPerResponse").asDouble()).isEqualTo(90.0);
        assertThat(json.at("/facade/decodeMegabytesPerSecond").asDouble()).isEqualTo(291.111);
        assertThat(json.at("/responseTimes/p99Ms").asLong()).isEqualTo(390);
        assertThat(json.at("/corpus/attachmentTextBytes").asInt()).isEqualTo(5 * 1024 * 1024);
        assertThat(json.get("projection").asText()).isEqualTo("source-full");
        assertThat(json.at("/facade/note").isNull()).isTrue();
        String page = Files.readString(folder.resolve(LargeSourceReport.HTML));
        assertThat(page).contains("\"decodeMegabytesPerSecond\":291.111").doesNotContain("/*DATA*/", "/*CHART_JS*/", "src=\"http");
        assertThat(LargeSourceReport.table(result)).contains("source-full", "26,200.00", "90.00", "291.11");
    }

    @Test
    void aProjectionTheFacadeDoesNotDecodeItselfShouldSaySoInsteadOfZeros(@TempDir Path folder) throws Exception {
        FacadeStats.Reading start = new FacadeStats.Reading("doc-values", new SearchStats.Snapshot(10, 0, 0, 0));
        FacadeStats.Reading end = new FacadeStats.Reading("doc-values", new SearchStats.Snapshot(4_010, 0, 0, 0));

        LargeSourceResult result = LargeSourceResult.of(Map.of(), CORPUS, WORKLOAD, 2, start, end, TIMES);

        assertThat(result.facade().searches()).isEqualTo(4_000);
        assertThat(result.facade().megabytesPerResponse()).isNull();
        assertThat(result.facade().decodeMegabytesPerSecond()).isNull();
        assertThat(result.facade().note()).contains("_source projections only");
        assertThat(LargeSourceReport.table(result)).contains(" - ");
    }
}
