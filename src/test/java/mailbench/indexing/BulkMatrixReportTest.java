package mailbench.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;

/** The end of a BulkIndexSimulation run: both files in the run folder, and a line that says where. */
class BulkMatrixReportTest {

    @Test
    void afterRunShouldWriteBothFilesAndNameThePageInTheTimeline(@TempDir Path folder) throws Exception {
        BulkMatrix matrix = new BulkMatrix(List.of(10), List.of(1), 100, 0, 0);
        CellTimings timings = new CellTimings();
        for (int i = 0; i < 10; i++) {
            timings.record("Bulk 10 x 1", i * 10L, (i + 1) * 10L, true);
        }
        List<String> events = new ArrayList<>();

        BulkMatrixResult result = BulkMatrixReport.afterRun(Map.of("simulation", "BulkIndexSimulation", "path", "facade"), matrix,
            List.of(new CellOutcome("Bulk 10 x 1", 10, 1, 10, 100, 0, 0, 0, 100, 0, null)), timings, folder, events::add);

        JsonNode json = Json.MAPPER.readTree(folder.resolve(BulkMatrixReport.JSON).toFile());
        assertThat(json.at("/run/simulation").asText()).isEqualTo("BulkIndexSimulation");
        assertThat(json.at("/run/path").asText()).isEqualTo("facade");
        assertThat(result.nothingLost()).isTrue();
        assertThat(Files.readString(folder.resolve(BulkMatrixReport.HTML))).contains("Bulk 10 x 1");
        assertThat(events).containsExactly("bulk matrix: " + folder.resolve(BulkMatrixReport.HTML));
    }
}
