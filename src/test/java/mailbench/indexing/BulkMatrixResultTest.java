package mailbench.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;

class BulkMatrixResultTest {

    private final BulkMatrix matrix = new BulkMatrix(List.of(1, 100), List.of(1, 2), 1_000, 0, 0);
    private final CellTimings timings = new CellTimings();

    private static CellOutcome outcome(String name, int size, int concurrency, long failed, long count) {
        return new CellOutcome(name, size, concurrency, 1_000 / size, 1_000, 0, failed, 0, count, 1_000 - failed - count, null);
    }

    /** {@code requests} requests of {@code ms} each, back to back from t=0: the cell spans requests x ms. */
    private void requests(String name, int requests, long ms) {
        for (int i = 0; i < requests; i++) {
            timings.record(name, i * ms, (i + 1) * ms, true);
        }
    }

    @Test
    void docsPerSecondShouldCountIndexedDocumentsOverTheCellsSpan() {
        requests("Bulk 1 x 1", 1_000, 2);
        requests("Bulk 1 x 2", 1_000, 1);
        requests("Bulk 100 x 1", 10, 10);
        requests("Bulk 100 x 2", 10, 20);
        BulkMatrixResult result = BulkMatrixResult.of(Map.of("path", "facade"), matrix, List.of(outcome("Bulk 1 x 1", 1, 1, 0, 1_000),
            outcome("Bulk 1 x 2", 1, 2, 0, 1_000), outcome("Bulk 100 x 1", 100, 1, 0, 1_000), outcome("Bulk 100 x 2", 100, 2, 0, 1_000)), timings);

        assertThat(result.cells()).extracting(BulkMatrixResult.Row::docsPerSecond).containsExactly(500.0, 1_000.0, 10_000.0, 5_000.0);
        assertThat(result.best()).isEqualTo(new BulkMatrixResult.Best("Bulk 100 x 1", 10_000.0));
        // each size at its best concurrency
        assertThat(result.largestOverSmallest()).isEqualTo(new BulkMatrixResult.SizeRatio(1, 1_000.0, 100, 10_000.0, 10.0));
        // and with the same number in flight, as the 2020 bulk size x threads study compares them
        assertThat(result.largestOverSmallestByConcurrency()).containsExactly(new BulkMatrixResult.SizeRatioAt(1, 500.0, 10_000.0, 20.0),
            new BulkMatrixResult.SizeRatioAt(2, 1_000.0, 5_000.0, 5.0));
        assertThat(result.cells().get(2).p99Ms()).isEqualTo(10);
        assertThat(result.nothingLost()).isTrue();
    }

    @Test
    void refusedItemsShouldNotCountAsLostNorAsThroughput() {
        requests("Bulk 100 x 1", 10, 100);
        BulkMatrixResult.Row row = BulkMatrixResult.of(Map.of(), matrix, List.of(outcome("Bulk 100 x 1", 100, 1, 40, 960)), timings)
            .cells().get(0);

        assertThat(row.lost()).isZero();
        assertThat(row.docsPerSecond()).isEqualTo(960.0);
    }

    @Test
    void aMissingDocumentOrAMissingCellShouldMakeTheMatrixLoseDocuments() {
        requests("Bulk 1 x 1", 10, 1);
        CellOutcome short1 = outcome("Bulk 1 x 1", 1, 1, 0, 999);

        BulkMatrixResult result = BulkMatrixResult.of(Map.of(), matrix, List.of(short1), timings);

        assertThat(result.cells().get(0).lost()).isEqualTo(1);
        assertThat(result.cells().get(0).nothingLost()).isFalse();
        assertThat(result.nothingLost()).isFalse();
    }

    @Test
    void theJsonShouldCarryTheCellsAndTheComparisons() throws Exception {
        requests("Bulk 1 x 1", 1_000, 2);
        BulkMatrixResult result = BulkMatrixResult.of(Map.of("variant", "default"), matrix, List.of(outcome("Bulk 1 x 1", 1, 1, 0, 1_000)),
            timings);

        JsonNode json = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(result));

        assertThat(json.at("/run/variant").asText()).isEqualTo("default");
        assertThat(json.at("/cells/0/cell").asText()).isEqualTo("Bulk 1 x 1");
        assertThat(json.at("/cells/0/docsPerSecond").asDouble()).isEqualTo(500.0);
        assertThat(json.at("/cells/0/nothingLost").asBoolean()).isTrue();
        assertThat(json.at("/best/cell").asText()).isEqualTo("Bulk 1 x 1");
        assertThat(json.get("sizes")).hasSize(2);
        assertThat(json.has("largestOverSmallest")).isTrue();
        assertThat(json.has("largestOverSmallestByConcurrency")).isTrue();
    }
}
