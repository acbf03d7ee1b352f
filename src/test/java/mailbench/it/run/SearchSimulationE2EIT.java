package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.cli.MailbenchMain;
import mailbench.it.support.HeadlessChromium;
import mailbench.it.support.MavenCommand;
import mailbench.it.support.SharedNode;
import mailbench.json.Json;

/**
 * The user's main command, small: {@code mvn gatling:test} with a short, slow run through the
 * real local stack. Asserts the run folder a user would open, and that no JVM of the run is left.
 */
class SearchSimulationE2EIT {

    private static final Path REPORTS = Path.of("target", "e2e-reports").toAbsolutePath();

    @Test
    void gatlingTestShouldLeaveACompleteRunFolderAndNoJvm() throws Throwable {
        Path run = gatlingTest("e2e-gatling.log");
        JsonNode runJson = Json.MAPPER.readTree(run.resolve("run.json").toFile());
        assertThat(runJson.get("status").asText()).isEqualTo("completed");
        assertThat(runJson.get("simulation").asText()).isEqualTo("SearchSimulation");
        assertThat(runJson.at("/versions/opensearchJava").asText()).isEqualTo("2.26.0");
        assertThat(runJson.at("/versions/opensearchServer").asText()).matches("\\d+\\.\\d+\\.\\d+");
        assertThat(runJson.at("/machine/cores").asInt()).isPositive();

        JsonNode summary = Json.MAPPER.readTree(run.resolve("summary.json").toFile());
        JsonNode measured = summary.get("measured");
        assertThat(measured.get("requests").asLong()).isBetween(950L, 1050L);
        assertThat(measured.get("ko").asLong()).isZero();
        assertThat(measured.get("rps").asDouble()).isBetween(90.0, 110.0);
        assertThat(measured.get("p99Ms").asLong()).isPositive().isGreaterThanOrEqualTo(measured.get("p50Ms").asLong());
        assertThat(run.resolve("gatling").resolve("index.html")).isRegularFile();
        assertThat(run.resolve("logs").resolve("facade.log")).isRegularFile();

        // the facade's own refusals during this run (not since it started): at most the run's KO, warm-up included
        long koWholeRun = 0;
        for (JsonNode window : summary.get("errors")) {
            koWholeRun += window.get("ko").asLong();
        }
        assertThat(runJson.at("/facadeRefused/inFlight").isIntegralNumber()).as(runJson.toString()).isTrue();
        assertThat(runJson.at("/facadeRefused/eventLoopLag").isIntegralNumber()).isTrue();
        assertThat(runJson.at("/facadeRefused/inFlight").asLong() + runJson.at("/facadeRefused/eventLoopLag").asLong())
            .isBetween(0L, koWholeRun);

        // where the cores went in the measured window: every process of the run, and the machine
        JsonNode cpu = summary.get("cpu");
        assertThat(cpu.get("seconds").asDouble()).isBetween(5.0, 11.0);
        assertThat(cpu.get("processes").fieldNames()).toIterable().containsExactly("opensearch", "facade", "profiler", "gatling");
        assertThat(cpu.at("/processes/opensearch").asDouble()).isPositive();
        assertThat(cpu.at("/processes/facade").asDouble()).isPositive();
        assertThat(cpu.get("busy").asDouble()).isPositive().isLessThanOrEqualTo(cpu.get("cores").asDouble() + 0.1);

        // the profile of the measured phase, captured by the sidecar and copied into the run folder
        JsonNode profile = summary.get("profile");
        assertThat(profile.get("status").asText()).as(profile.toString()).isEqualTo("captured");
        assertThat(runJson.at("/profile/status").asText()).isEqualTo("captured");
        assertThat(profile.at("/threadGroups/clientEventLoop/samples").asLong()).isPositive();
        assertThat(profile.get("cpuMsPerRequest").asDouble()).isPositive().isLessThan(1_000.0);
        assertThat(profile.get("requests").asLong()).isPositive().isLessThan(measured.get("requests").asLong());
        assertThat(profile.at("/topFrames/wholeJvm/self").size()).isPositive();
        for (JsonNode file : profile.get("files")) {
            assertThat(run.resolve(file.asText())).isNotEmptyFile();
        }
        assertThat(run.resolve("profile").resolve("facade-event-loop.html")).isNotEmptyFile();
        assertThat(run.resolve("profile").resolve("facade.jfr")).isNotEmptyFile();
        // inside the measured phase, trimmed at both ends
        assertThat(profile.get("startedAt").asText()).isGreaterThan(runJson.get("measuredStart").asText());
        assertThat(profile.get("stoppedAt").asText()).isLessThan(runJson.get("measuredEnd").asText());
        assertNoJvmLeft(run);

        // the comparison of a run with itself: no regression, and its page renders in a real browser without errors
        Path comparison = run.resolve("self-comparison");
        assertThat(MailbenchMain.run("compare", run.toString(), run.toString(), "--out", comparison.toString())).isZero();
        assertThat(Json.MAPPER.readTree(comparison.resolve("comparison.json").toFile()).get("verdict").asText()).isEqualTo("no regression");
        assertThat(comparison.resolve("diff-event-loop-current-over-base.html")).isNotEmptyFile();
        HeadlessChromium.checkIfInstalled(comparison.resolve("comparison.html"), comparison.resolve("comparison.png"), page -> {
            assertThat(page.consoleErrors()).isEmpty();
            assertThat(page.dom()).contains("data-rendered=\"true\"", "no regression", "Search by text");
            assertThat(page.screenshot()).isNotEmptyFile();
        });
        assertThat(MailbenchMain.run("compare", run.toString(), run.resolve("no-such-run").toString())).as("tool error").isEqualTo(2);

        // the same capture as a cost table (every site: a short run has few samples): sites with their lines, every part of
        // the client present, the shares whole and scaled to the measured totals
        assertThat(MailbenchMain.run("cost-table", run.toString(), "--top", "100000")).isZero();
        JsonNode costs = Json.MAPPER.readTree(run.resolve("profile").resolve("cost-table.json").toFile()).get("table");
        // the OS count of the facade's CPU over the capture window, per request of the window (not the samples' estimate)
        JsonNode capture = Json.MAPPER.readTree(run.resolve("profile").resolve("profile.json").toFile());
        assertThat(costs.get("cpuMicrosPerRequest").asDouble())
            .isCloseTo(capture.get("targetCpuMs").asDouble() * 1000 / profile.get("requests").asDouble(), within(0.01));
        double cpuPercent = 0;
        double bytes = 0;
        List<String> parts = new java.util.ArrayList<>();
        for (JsonNode part : costs.get("parts")) {
            parts.add(part.get("part").asText());
            cpuPercent += part.get("cpuPercent").asDouble();
            bytes += part.get("bytes").asDouble();
        }
        assertThat(parts).contains("CLIENT", "TRANSPORT", "FACADE");
        assertThat(cpuPercent).isCloseTo(100.0, within(0.01));
        assertThat(bytes).isCloseTo(summary.at("/facade/allocatedBytesPerRequest").asDouble(), within(1.0));
        List<String> transportSites = new java.util.ArrayList<>();
        costs.get("byCpu").forEach(row -> {
            if ("TRANSPORT".equals(row.get("part").asText())) {
                transportSites.add(row.get("site").asText());
            }
        });
        assertThat(transportSites).anyMatch(site -> site.matches("org/(apache/hc|opensearch/client)/.+:\\d+"));
        assertThat(Files.readString(run.resolve("profile").resolve("cost-table.adoc")))
            .contains("| transport |", "opensearch-java v2.26.0 java-client/src/main/java/org/opensearch/client/");
    }

    @Test
    void aRefusedAttachShouldStillFinishTheRunAndSayWhy() throws Exception {
        // the node's start and stop are the first test's: this one runs on the fork's node, in an index of its own; and
        // requests at random gaps, as a night runs them. Gatling's JVM is on C1 as in every suite run (MavenCommand.onC1), as a
        // small host's night runs it: a JVM without the pom profile's option would stop the run
        Path run = gatlingTest("e2e-gatling-no-attach.log", "-Dmailbench.facade.jvmArgs=-XX:+DisableAttachMechanism",
            "-Dmailbench.stack.opensearch=" + SharedNode.url(), "-Dmailbench.index=mail-e2e-no-attach", "-Dmailbench.arrivals=random");
        JsonNode runJson = Json.MAPPER.readTree(run.resolve("run.json").toFile());
        assertThat(runJson.get("status").asText()).isEqualTo("completed");
        assertThat(runJson.at("/knobs/mailbench.gatling.jit").asText()).isEqualTo("c1");
        assertThat(runJson.at("/knobs/mailbench.arrivals").asText()).isEqualTo("random");
        // 100 a second for 10 s at random gaps: about 1,000 (a Poisson count's spread is about 32)
        assertThat(Json.MAPPER.readTree(run.resolve("summary.json").toFile()).at("/measured/requests").asLong()).isBetween(800L, 1200L);
        JsonNode profile = Json.MAPPER.readTree(run.resolve("summary.json").toFile()).get("profile");
        assertThat(profile.get("status").asText()).isEqualTo("none");
        assertThat(profile.get("reason").asText()).containsIgnoringCase("attach");
        assertThat(runJson.at("/profile/reason").asText()).isEqualTo(profile.get("reason").asText());
        assertThat(MailbenchMain.run("cost-table", run.toString())).as("no capture: refused").isEqualTo(2);
        assertThat(Json.MAPPER.readTree(run.resolve("summary.json").toFile()).at("/measured/ko").asLong()).isZero();
        assertNoJvmLeft(run);
    }

    /**
     * The local stack's search warm-up in the suite's short runs: 10 s instead of 30 at 100 req/s (the zero-KO checks hold
     * on a facade that has compiled less), the suite's time being its JVMs' and phases' seconds.
     */
    static final int SEARCH_WARM_UP = 10;

    /**
     * {@code mvn gatling:test}, short and slow, its JVMs on C1 ({@link MavenCommand#onC1}), into its own reports folder;
     * returns the run folder.
     */
    static Path gatlingTest(String logName, String... extra) throws Exception {
        Path reports = REPORTS.resolve(logName.replace(".log", ""));
        List<String> command = new java.util.ArrayList<>(List.of(MavenCommand.path(), "-B", "-q", "gatling:test",
            MavenCommand.SIMULATIONS_ONLY, MavenCommand.SIMULATIONS_COMPILED,
            "-Dmailbench.rate=100", "-Dmailbench.warmup=5", "-Dmailbench.duration=10",
            "-Dmailbench.corpus.messages=5000", "-Dmailbench.corpus.users=100",
            "-Dmailbench.stack.searchWarmUpSeconds=" + SEARCH_WARM_UP, "-Dmailbench.assert.p99Ms=600000", "-Dmailbench.reportsDir=" + reports));
        command.addAll(List.of(extra));
        Process mvn = new ProcessBuilder(MavenCommand.onC1(command))
            .redirectErrorStream(true)
            .redirectOutput(Path.of("target", logName).toFile())
            .start();
        assertThat(mvn.waitFor(10, TimeUnit.MINUTES)).as("mvn gatling:test finished in time").isTrue();
        assertThat(mvn.exitValue()).as("exit code; see target/" + logName).isZero();
        try (Stream<Path> runs = Files.list(reports)) {
            return runs.filter(Files::isDirectory).max(Path::compareTo).orElseThrow();
        }
    }

    static void assertNoJvmLeft(Path run) {
        String runId = run.getFileName().toString();
        assertThat(ProcessHandle.allProcesses()
            .map(p -> p.info().commandLine().orElse(""))
            .filter(command -> command.contains(runId)))
            .as("JVMs of run " + runId + " still alive").isEmpty();
    }
}
