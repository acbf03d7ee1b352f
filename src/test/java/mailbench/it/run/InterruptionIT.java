package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.it.support.MavenCommand;
import mailbench.it.support.RunFolders;
import mailbench.json.Json;

/**
 * SIGTERM to a running {@code mvn gatling:test} in its measured phase, as a CI server's timeout or
 * an operator's kill sends it: no JVM of the run may survive, and what was measured stays in the
 * run folder, labelled interrupted.
 */
class InterruptionIT {

    // a folder per test run, so a run folder left by an earlier invocation is never mistaken for this one
    private static final Path REPORTS = Path.of("target", "interruption-reports", Long.toString(System.currentTimeMillis())).toAbsolutePath();

    @Test
    void sigtermToMavenShouldStopEveryJvmAndKeepThePartialRunLabelledInterrupted() throws Exception {
        Path log = Path.of("target", "interruption-gatling.log");
        Process mvn = new ProcessBuilder(MavenCommand.onC1(List.of(MavenCommand.path(), "-B", "-q", "gatling:test", MavenCommand.SIMULATIONS_ONLY,
            MavenCommand.SIMULATIONS_COMPILED,
            "-Dmailbench.rate=100", "-Dmailbench.warmup=5", "-Dmailbench.duration=300",
            "-Dmailbench.corpus.messages=5000", "-Dmailbench.corpus.users=100", "-Dmailbench.profiler=false",
            "-Dmailbench.stack.searchWarmUpSeconds=" + SearchSimulationE2EIT.SEARCH_WARM_UP,
            "-Dmailbench.reportsDir=" + REPORTS)))
            .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            Path run = await("the load to start, see " + log).atMost(Duration.ofMinutes(8)).pollInterval(Duration.ofSeconds(1))
                .until(() -> RunFolders.started(REPORTS), Optional::isPresent).orElseThrow();
            // kept: the signal must land at this point of the run (past the 5 s warm-up, 10 s into the measured phase)
            Thread.sleep(15_000);

            mvn.destroy(); // SIGTERM
            assertThat(mvn.waitFor(2, java.util.concurrent.TimeUnit.MINUTES)).as("Maven ended").isTrue();

            JsonNode runJson = await("run.json labelled").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(1))
                .until(() -> Json.MAPPER.readTree(run.resolve("run.json").toFile()), json -> !"running".equals(json.path("status").asText()));
            assertThat(runJson.get("status").asText()).isEqualTo("interrupted");
            assertThat(runJson.get("reason").asText()).contains("stopped before it finished");
            // what Gatling had written to simulation.log when the signal came is summarized, marked incomplete
            // (its last unflushed buffer is lost: at most a few hundred requests)
            JsonNode summary = Json.MAPPER.readTree(run.resolve("summary.json").toFile());
            assertThat(summary.get("complete").asBoolean()).isFalse();
            assertThat(summary.at("/warmUp/requests").asLong() + summary.at("/measured/requests").asLong())
                .as("the requests before the signal are kept").isPositive();
            assertThat(run.resolve("gatling").resolve("simulation.log")).isNotEmptyFile();
            String runId = run.getFileName().toString();
            await("no JVM of run " + runId + " left").atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofSeconds(1))
                .until(() -> ProcessHandle.allProcesses().map(p -> p.info().commandLine().orElse("")).noneMatch(c -> c.contains(runId)));
        } finally {
            mvn.destroyForcibly();
        }
    }
}
