package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.it.support.SharedNode;
import mailbench.json.Json;

/**
 * The bulk matrix as a user runs it: {@code mvn gatling:test} with BulkIndexSimulation on a small
 * matrix, through the real local stack (a facade on the fork's OpenSearch node, each test in an index of its own: the
 * stack's own node is SearchSimulationE2EIT's to test), then the files it leaves.
 */
class BulkIndexSimulationIT {

    private static final String SIMULATION = "-Dmailbench.simulation=mailbench.gatling.BulkIndexSimulation";

    /** The local stack's knob for a node that runs already: the fork's. */
    private static String forksNode() throws Exception {
        return "-Dmailbench.stack.opensearch=" + SharedNode.url();
    }

    @Test
    void everyCellShouldIndexAllItsDocumentsOntoAFreshIndex() throws Exception {
        Path run = SearchSimulationE2EIT.gatlingTest("bulk-matrix.log", SIMULATION, "-Dmailbench.bulk.sizes=1,10",
            "-Dmailbench.bulk.concurrency=1,2", "-Dmailbench.bulk.docs=300", "-Dmailbench.bulk.warmupDocs=100", forksNode(),
            "-Dmailbench.index=mail-it-bulk");

        JsonNode matrix = Json.MAPPER.readTree(run.resolve("bulk-matrix.json").toFile());
        assertThat(matrix.get("nothingLost").asBoolean()).as(matrix.toString()).isTrue();
        assertThat(names(matrix)).containsExactly("Bulk 1 x 1", "Bulk 1 x 2", "Bulk 10 x 1", "Bulk 10 x 2");
        for (JsonNode cell : matrix.get("cells")) {
            // a fresh index per cell: the count is this cell's documents, not the sum of the cells so far
            assertThat(cell.get("docsSent").asLong()).as(cell.toString()).isEqualTo(300);
            assertThat(cell.get("indexCount").asLong()).as(cell.toString()).isEqualTo(300);
            assertThat(cell.get("itemsFailed").asLong()).isZero();
            assertThat(cell.get("lost").asLong()).isZero();
            assertThat(cell.get("bulks").asInt()).isEqualTo(300 / cell.get("size").asInt());
            assertThat(cell.get("docsPerSecond").asDouble()).isPositive();
            assertThat(cell.get("p99Ms").asLong()).isGreaterThanOrEqualTo(cell.get("p50Ms").asLong());
        }
        assertThat(matrix.at("/largestOverSmallest/largeSize").asInt()).isEqualTo(10);
        assertThat(matrix.at("/largestOverSmallest/ratio").asDouble()).isPositive();
        assertThat(matrix.at("/largestOverSmallestByConcurrency")).as("one ratio per concurrency, 1 and 2").hasSize(2);

        // the page: every cell in its table, Chart.js inlined, no network needed
        String page = Files.readString(run.resolve("bulk-matrix.html"));
        assertThat(page).contains("Bulk 10 x 2", "\"docsPerSecond\"").doesNotContain("/*DATA*/", "/*CHART_JS*/", "src=\"http");
        JsonNode summary = Json.MAPPER.readTree(run.resolve("summary.json").toFile());
        assertThat(summary.at("/measured/requests").asLong()).as("bulk requests of the four cells").isEqualTo(300 + 300 + 30 + 30);
        assertThat(summary.at("/warmUp/requests").asLong()).as("the warm-up's bulks of 10").isEqualTo(10);
        JsonNode runJson = Json.MAPPER.readTree(run.resolve("run.json").toFile());
        assertThat(runJson.get("status").asText()).isEqualTo("completed");
        assertThat(runJson.at("/knobs/mailbench.bulk.sizes").asText()).isEqualTo("1,10");
        SearchSimulationE2EIT.assertNoJvmLeft(run);
    }

    @Test
    void refusedItemsShouldBeCountedAndTheRestIndexed() throws Exception {
        // every 7th document carries a field the facade does not know: 200 / 7 = 28 refused per cell
        Path run = SearchSimulationE2EIT.gatlingTest("bulk-matrix-invalid.log", SIMULATION, "-Dmailbench.bulk.sizes=10",
            "-Dmailbench.bulk.concurrency=2", "-Dmailbench.bulk.docs=200", "-Dmailbench.bulk.warmupDocs=0",
            "-Dmailbench.bulk.invalidEvery=7", forksNode(),
            "-Dmailbench.index=mail-it-bulk-invalid");

        JsonNode cell = Json.MAPPER.readTree(run.resolve("bulk-matrix.json").toFile()).get("cells").get(0);
        assertThat(cell.get("docsSent").asLong()).as(cell.toString()).isEqualTo(200);
        assertThat(cell.get("invalidSent").asLong()).isEqualTo(28);
        assertThat(cell.get("itemsFailed").asLong()).isEqualTo(28);
        assertThat(cell.get("indexCount").asLong()).isEqualTo(172);
        assertThat(cell.get("lost").asLong()).isZero();
        assertThat(cell.get("bulksKo").asLong()).as("a bulk with refused items is still answered").isZero();
        assertThat(cell.get("docsPerSecond").asDouble()).isPositive();
        SearchSimulationE2EIT.assertNoJvmLeft(run);
    }

    private static List<String> names(JsonNode matrix) {
        List<String> names = new ArrayList<>();
        matrix.get("cells").forEach(cell -> names.add(cell.get("cell").asText()));
        return names;
    }
}
