package mailbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.json.Json;

class ComparisonReportTest {

    @TempDir
    Path tmp;

    private static RunResult run(String name, double cpuMs, String transport) {
        RunResult.Stats measured = new RunResult.Stats(60_000, 0, 1000, 2, 10, 20);
        return new RunResult(name, transport, "completed", 500L, measured, Map.of("Search by text", measured), cpuMs, Map.of(), null,
            Map.of("jdk", "17"), Map.of("mailbench.transport", transport), Map.of("cores", "2"), List.of(), 60_000L);
    }

    @Test
    void comparisonJsonShouldCarryTheDetectableEffectTheInconclusiveMetricsAndTheDifferences() throws Exception {
        List<RunResult> base = List.of(run("b1", 0.319, "httpclient5"), run("b2", 0.287, "httpclient5"), run("b3", 0.286, "httpclient5"));
        List<RunResult> current = List.of(run("c1", 0.404, "rest-client"), run("c2", 0.324, "rest-client"), run("c3", 0.359, "rest-client"));
        Comparison comparison = Comparer.compare(base, current, DefaultThresholds.VALUES);

        ComparisonReport.write(comparison, base, current, tmp);

        JsonNode json = Json.MAPPER.readTree(tmp.resolve(ComparisonReport.JSON).toFile());
        assertThat(json.at("/metrics/0/metric").asText()).isEqualTo(Metric.REQUEST_PATH_CPU_MS_PER_REQUEST.key());
        assertThat(json.at("/metrics/1/metric").asText()).isEqualTo(Metric.PROCESS_CPU_MS_PER_REQUEST.key());
        assertThat(json.at("/metrics/1/outcome").asText()).as("these runs carry no OS count").isEqualTo("NOT_COMPARED");
        assertThat(json.at("/metrics/2/mde").isNumber()).isTrue();
        assertThat(json.at("/inconclusive/0").asText()).isEqualTo(Metric.CPU_MS_PER_REQUEST.key());
        assertThat(json.at("/differences/0/what").asText()).isEqualTo("knob mailbench.transport");
        assertThat(Files.readString(tmp.resolve(ComparisonReport.HTML))).contains("What else differs", "\"mde\"");
    }
}
