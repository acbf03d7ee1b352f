package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;

/** What a night leaves for a CI summary and the trend page: night.json beside its runs, the same record in the history. */
class NightRecordTest {

    private static final NightlyHistories.Load STEADY = new NightlyHistories.Load(100, 10, 0.5);

    @Test
    void aNightShouldRecordWhatTheCiSummaryAndTheTrendPageRead(@TempDir Path dir) throws Exception {
        Path history = NightlyHistories.write(dir, 31, STEADY, List.of(STEADY));
        Path night;
        try (Stream<Path> nights = Files.list(dir.resolve("nightly"))) {
            night = nights.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        JsonNode record = Json.MAPPER.readTree(night.resolve(NightlyJob.NIGHT_JSON).toFile());
        JsonNode kept = Json.MAPPER.readTree(history.resolve(night.getFileName() + ".json").toFile());

        assertThat(record).isEqualTo(kept);
        assertThat(record.get("verdict").asText()).isEqualTo("no regression");
        assertThat(record.get("design").asText()).isEqualTo("interleaved");
        assertThat(record.get("node").asText()).isEqualTo("per-run");
        assertThat(record.get("pairs").asInt()).isEqualTo(NightlyHistories.RUNS);
        assertThat(record.get("baseline").asText()).hasSize(40);
        assertThat(record.get("current").asText()).hasSize(40).isNotEqualTo(record.get("baseline").asText());
        assertThat(record.get("baseOnly").isObject()).as("one side's own properties, none tonight").isTrue();
        assertThat(record.get("currentOnly")).isEmpty();
        assertThat(record.get("stopped").asText()).isEqualTo(NightlyHistories.RUNS + " pairs, as asked");
        assertThat(record.get("undecided")).isEmpty();
        assertThat(record.get("minutes").isNumber()).isTrue();
        assertThat(record.get("seed").asLong()).isEqualTo(31);
        JsonNode cpu = record.get("metrics").get(1);
        assertThat(cpu.get("metric").asText()).isEqualTo("processCpuMsPerRequest");
        for (String field : List.of("baseMedian", "currentMedian", "worseBy", "allowed", "mde", "outcome")) {
            assertThat(cpu.has(field)).as(field).isTrue();
        }
        assertThat(record.get("runs")).hasSize(2 * NightlyHistories.RUNS);
        assertThat(record.get("runs").findValuesAsText("side")).containsOnly("base", "current");
        assertThat(record.at("/runs/1/pair").asInt()).isEqualTo(1);
    }
}
