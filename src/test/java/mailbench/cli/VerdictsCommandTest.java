package mailbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;
import picocli.CommandLine;

class VerdictsCommandTest {

    /** A run folder as `mvn gatling:test` leaves it, reduced to what a comparison reads. */
    private static void run(Path series, String name, double cpuMs, double p99) throws Exception {
        Path run = Files.createDirectories(series.resolve(name));
        Files.writeString(run.resolve("run.json"), "{\"variant\":\"default\",\"status\":\"completed\"}");
        Files.writeString(run.resolve("summary.json"), String.format(Locale.ROOT,
            "{\"measured\":{\"requests\":60000,\"ko\":0,\"rps\":1000,\"p50Ms\":2,\"p95Ms\":5,\"p99Ms\":%s},"
                + "\"profile\":{\"status\":\"captured\",\"cpuMsPerRequest\":%s}}", p99, cpuMs));
    }

    @Test
    void anAaFolderShouldGiveItsFalseAlarmCountsAsJson(@TempDir Path tmp) throws Exception {
        double[] cpu = {0.40, 0.42, 0.39, 0.41, 0.43, 0.40};
        for (int i = 0; i < cpu.length; i++) {
            run(tmp.resolve("aa"), "run-" + i, cpu[i], 20 + i);
        }
        Path out = tmp.resolve("verdicts.json");

        int exit = new CommandLine(new VerdictsCommand()).execute(tmp.resolve("aa").toString(), "--out", out.toString());

        assertThat(exit).isZero();
        JsonNode rates = Json.MAPPER.readTree(out.toFile());
        assertThat(rates.get("mode").asText()).isEqualTo("A/A");
        assertThat(rates.get("comparisons").asInt()).isEqualTo(20);
        assertThat(rates.get("anyRegression").asInt()).isZero();
    }

    @Test
    void tooFewRunsShouldBeAToolError(@TempDir Path tmp) throws Exception {
        run(tmp.resolve("aa"), "run-0", 0.4, 20);
        run(tmp.resolve("aa"), "run-1", 0.4, 20);

        assertThat(new CommandLine(new VerdictsCommand()).execute(tmp.resolve("aa").toString())).isEqualTo(2);
    }
}
