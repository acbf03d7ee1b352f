package mailbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;

/**
 * The user's main command, small: {@code mvn gatling:test} with a short, slow run through the
 * real local stack. Asserts the run folder a user would open, and that no JVM of the run is left.
 */
class SearchSimulationE2EIT {

    private static final Path REPORTS = Path.of("target", "e2e-reports").toAbsolutePath();

    @Test
    void gatlingTestShouldLeaveACompleteRunFolderAndNoJvm() throws Exception {
        Process mvn = new ProcessBuilder(List.of(maven(), "-B", "-q", "gatling:test",
            "-Dmailbench.rate=100", "-Dmailbench.warmup=5", "-Dmailbench.duration=10",
            "-Dmailbench.corpus.messages=5000", "-Dmailbench.corpus.users=100",
            "-Dmailbench.assert.p99Ms=600000", "-Dmailbench.reportsDir=" + REPORTS))
            .redirectErrorStream(true)
            .redirectOutput(Path.of("target", "e2e-gatling.log").toFile())
            .start();
        assertThat(mvn.waitFor(10, TimeUnit.MINUTES)).as("mvn gatling:test finished in time").isTrue();
        assertThat(mvn.exitValue()).as("exit code; see target/e2e-gatling.log").isZero();

        Path run = newestRun();
        JsonNode runJson = Json.MAPPER.readTree(run.resolve("run.json").toFile());
        assertThat(runJson.get("status").asText()).isEqualTo("completed");
        assertThat(runJson.get("simulation").asText()).isEqualTo("SearchSimulation");
        assertThat(runJson.at("/versions/opensearchJava").asText()).isEqualTo("2.26.0");
        assertThat(runJson.at("/versions/opensearchServer").asText()).matches("\\d+\\.\\d+\\.\\d+");
        assertThat(runJson.at("/machine/cores").asInt()).isPositive();

        JsonNode measured = Json.MAPPER.readTree(run.resolve("summary.json").toFile()).get("measured");
        assertThat(measured.get("requests").asLong()).isBetween(950L, 1050L);
        assertThat(measured.get("ko").asLong()).isZero();
        assertThat(measured.get("rps").asDouble()).isBetween(90.0, 110.0);
        assertThat(measured.get("p99Ms").asLong()).isPositive().isGreaterThanOrEqualTo(measured.get("p50Ms").asLong());
        assertThat(run.resolve("gatling").resolve("index.html")).isRegularFile();
        assertThat(run.resolve("logs").resolve("facade.log")).isRegularFile();

        String runId = run.getFileName().toString();
        assertThat(ProcessHandle.allProcesses()
            .map(p -> p.info().commandLine().orElse(""))
            .filter(command -> command.contains(runId)))
            .as("JVMs of run " + runId + " still alive").isEmpty();
    }

    private static Path newestRun() throws Exception {
        try (Stream<Path> runs = Files.list(REPORTS)) {
            return runs.filter(Files::isDirectory).max(Path::compareTo).orElseThrow();
        }
    }

    private static String maven() {
        String home = System.getProperty("maven.home");
        if (home != null && Files.isExecutable(Path.of(home, "bin", "mvn"))) {
            return Path.of(home, "bin", "mvn").toString();
        }
        return File.separatorChar == '\\' ? "mvn.cmd" : "mvn";
    }
}
