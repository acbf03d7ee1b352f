package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.it.support.HeadlessChromium;
import mailbench.it.support.SharedNode;
import mailbench.json.Json;

/**
 * LargeSourceSimulation as a user runs it, shrunk: {@code mvn gatling:test} through the real local
 * stack (on the fork's node) on 8 messages of 1 MiB attachment text, whole _source, then the files it leaves.
 */
class LargeSourceSimulationIT {

    @Test
    void aShortRunShouldLeaveItsReportWithBytesAndDecodeThroughput() throws Throwable {
        Path run = SearchSimulationE2EIT.gatlingTest("large-source.log", "-Dmailbench.simulation=mailbench.gatling.LargeSourceSimulation",
            "-Dmailbench.variant=source-full", "-Dmailbench.corpus.messages=8", "-Dmailbench.corpus.users=1",
            "-Dmailbench.corpus.attachmentTextBytes=1048576", "-Dmailbench.large.hits=2", "-Dmailbench.warmup=5",
            "-Dmailbench.duration=10", "-Dmailbench.profiler=false",
            // the stack's own node is SearchSimulationE2EIT's to test: this run loads its corpus into the fork's node
            "-Dmailbench.stack.opensearch=" + SharedNode.url(), "-Dmailbench.index=mail-it-large-source");

        JsonNode result = Json.MAPPER.readTree(run.resolve("large-source.json").toFile());
        assertThat(result.get("projection").asText()).isEqualTo("source-full");
        assertThat(result.at("/run/variant").asText()).isEqualTo("source-full");
        assertThat(result.get("hitsPerSearch").asInt()).isEqualTo(2);
        long measured = result.at("/responseTimes/requests").asLong();
        assertThat(measured).isPositive();
        assertThat(result.at("/responseTimes/ko").asLong()).isZero();
        // the facade counted the measured searches only: the warm-up's are before the first reading
        assertThat(result.at("/facade/searches").asLong()).isEqualTo(measured);
        assertThat(result.at("/facade/decodedSearches").asLong()).isEqualTo(measured);
        assertThat(result.at("/facade/megabytesPerResponse").asDouble()).isBetween(2.0, 2.2);
        assertThat(result.at("/facade/decodeMegabytesPerSecond").asDouble()).isPositive();
        String page = Files.readString(run.resolve("large-source.html"));
        assertThat(page).contains("\"megabytesPerResponse\"").doesNotContain("/*DATA*/", "/*CHART_JS*/", "/*REPORT_CSS*/", "src=\"http");
        // the page as a reader sees it: it renders its table and chart without a script error
        HeadlessChromium.checkIfInstalled(run.resolve("large-source.html"), run.resolve("large-source.png"), rendered -> {
            assertThat(rendered.consoleErrors()).isEmpty();
            assertThat(rendered.dom()).contains("data-rendered=\"true\"", "MB per OpenSearch answer", "source-full");
        });
        JsonNode runJson = Json.MAPPER.readTree(run.resolve("run.json").toFile());
        assertThat(runJson.get("status").asText()).isEqualTo("completed");
        assertThat(runJson.get("variant").asText()).isEqualTo("source-full");
        assertThat(runJson.at("/knobs/mailbench.corpus.attachmentTextBytes").asText()).isEqualTo("1048576");
        assertThat(run.getFileName().toString()).endsWith("-LargeSourceSimulation-source-full");
        SearchSimulationE2EIT.assertNoJvmLeft(run);
    }
}
