package mailbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.compare.RunResult;
import mailbench.errors.ToolError;
import mailbench.json.Json;
import mailbench.knobs.Knobs;
import mailbench.results.ResultDocument;
import mailbench.runfolder.ErrorWindow;
import mailbench.runfolder.FacadeSection;
import mailbench.runfolder.LatencyLog;
import mailbench.runfolder.ProfileSection;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunRecord;
import mailbench.runfolder.RunSummary;
import mailbench.summary.RunSummaryBuilder;
import mailbench.summary.SimulationLog;

class RunFolderTest {

    @TempDir
    Path dir;

    /** A summary as a run builds it: measured and warm-up records, KO windows with a cause, a profile and a facade section. */
    private static RunSummaryBuilder summarized(long seed) {
        Random random = new Random(seed);
        RunSummaryBuilder builder = new RunSummaryBuilder();
        builder.accept(SimulationLog.WARM_UP_PREFIX + "Search by text", 1_000, 1_012, false, "503");
        for (int i = 0; i < 2_000; i++) {
            long start = 10_000 + i * 10L;
            builder.accept(i % 2 == 0 ? "Search by text" : "Get message by id", start, start + 1 + random.nextInt(40), random.nextInt(50) > 0,
                "timeout");
        }
        return builder;
    }

    private static RunSummary summary(RunSummaryBuilder builder) {
        RunSummary summary = builder.build(true);
        List<ErrorWindow> windows = summary.errors().stream()
            .map(w -> w.withCause(new ErrorWindow.Cause("timeouts", null, "the node was busy", Map.of("opensearch", 12.5), 0.1, 0.0,
                Map.of("opensearch", 1.7), 0.05, List.of(new ErrorWindow.BusyThread("opensearch", "search[T#1]", 0.9, 0.3)))))
            .toList();
        return summary.withErrors(windows).withProfile(ProfileSection.none("switched off"))
            .withFacade(FacadeSection.none("no measured requests"));
    }

    private static RunRecord record() {
        RunRecord record = new RunRecord();
        record.runId = "20261124-030000-SearchSimulation-default";
        record.simulation = "SearchSimulation";
        record.variant = "default";
        record.path = "facade";
        record.target = "local";
        record.status = "completed";
        record.start = Instant.parse("2026-11-24T03:00:00Z");
        record.measuredStart = Instant.parse("2026-11-24T03:02:00.125Z");
        record.measuredEnd = Instant.parse("2026-11-24T03:03:00Z");
        record.knobs.put(Knobs.RATE.name(), "1000");
        record.network = Map.of("profile", "lan");
        record.facadeRefused = Map.of("inFlight", 0L, "eventLoopLag", 3L);
        record.profile(ProfileSection.none("attach refused"));
        record.versions.put("mailbench", "1a2b3c");
        record.machine.put("host", "bench-1");
        record.machine.put("speedProbeMs", 170);
        record.event("load finished");
        return record;
    }

    @Test
    void everyFileShouldReadBackAsItWasWritten() throws IOException {
        RunFolder folder = RunFolder.of(Files.createDirectories(dir.resolve("run")));
        RunSummaryBuilder builder = summarized(7);
        RunSummary summary = summary(builder);
        RunRecord record = record();

        folder.writeRecord(record);
        folder.writeSummary(summary);
        folder.writeLatencies(builder.latencies().orElseThrow());

        assertThat(RunFolder.isRun(folder.dir())).isTrue();
        assertThat(folder.hasSummary()).isTrue();
        assertThat(folder.hasLatencyLog()).isTrue();
        assertThat(folder.readSummary()).isEqualTo(summary);
        assertThat(folder.readSummary().errors()).isNotEmpty().allSatisfy(w -> assertThat(w.cause()).isNotNull());
        RunRecord read = folder.readRecord();
        assertThat(Json.MAPPER.<JsonNode>valueToTree(read)).isEqualTo(Json.MAPPER.<JsonNode>valueToTree(record));
        LatencyLog.Measured latencies = folder.readLatencies();
        assertThat(latencies.count()).isEqualTo(summary.measured().requests());
        assertThat(latencies.byName().keySet()).containsExactly("Get message by id", "Search by text");
    }

    @Test
    void theLayoutShouldNameTheFilesTheToolsLookFor() {
        RunFolder folder = RunFolder.of(dir);

        assertThat(folder.runJson()).isEqualTo(dir.resolve("run.json"));
        assertThat(folder.summaryJson()).isEqualTo(dir.resolve("summary.json"));
        assertThat(folder.latencyLog()).isEqualTo(dir.resolve("latency.hlog"));
        assertThat(folder.profileDir()).isEqualTo(dir.resolve("profile"));
        assertThat(folder.logsDir()).isEqualTo(dir.resolve("logs"));
        assertThat(folder.gatlingReportDir()).isEqualTo(dir.resolve("gatling"));
        assertThat(RunFolder.simulationLogIn(dir.resolve("searchsimulation-1"))).isEqualTo(dir.resolve("searchsimulation-1/simulation.log"));
        assertThat(RunFolder.isRun(dir)).as("no run.json").isFalse();
    }

    @Test
    void aMissingSummaryShouldBeNamedWithTheRunFolder() throws IOException {
        RunFolder folder = RunFolder.of(Files.createDirectories(dir.resolve("run")));
        folder.writeRecord(record());

        assertThatThrownBy(() -> RunResult.load(folder.dir())).isInstanceOf(ToolError.class)
            .hasMessage("missing " + folder.summaryJson() + " (is " + folder.dir() + " a finished run folder?)");
        assertThat(ResultDocument.of(folder.dir())).as("an interrupted run has no figures").doesNotContainKey("perRequest");
        Files.delete(folder.runJson());
        assertThatThrownBy(() -> ResultDocument.of(folder.dir())).isInstanceOf(IOException.class)
            .hasMessage("missing " + folder.runJson() + " (is " + folder.dir() + " a run folder?)");
    }

    @Test
    void aDamagedFileShouldBeNamedWithWhatTheParserSaw() throws IOException {
        RunFolder folder = RunFolder.of(Files.createDirectories(dir.resolve("run")));
        folder.writeRecord(record());
        Files.writeString(folder.summaryJson(), "{\"measured\": {\"requests\": 12");

        assertThatThrownBy(() -> RunResult.load(folder.dir())).isInstanceOf(ToolError.class)
            .hasMessageStartingWith("cannot read " + folder.summaryJson() + ": Unexpected end-of-input");
        assertThatThrownBy(folder::readSummary).isInstanceOf(IOException.class).hasMessageContaining("Unexpected end-of-input");
    }

    @Test
    void aComparisonShouldReadTheSameFiguresAsTheSummaryHolds() throws IOException {
        RunFolder folder = RunFolder.of(Files.createDirectories(dir.resolve("run")));
        RunSummary summary = summary(summarized(3));
        folder.writeRecord(record());
        folder.writeSummary(summary);

        RunResult result = RunResult.load(folder.dir());

        assertThat(result.measured().requests()).isEqualTo(summary.measured().requests());
        assertThat(result.measured().p99Ms()).isEqualTo(summary.measured().p99Ms());
        assertThat(result.requests()).containsOnlyKeys("Get message by id", "Search by text");
        assertThat(result.speedProbeMs()).isEqualTo(170L);
        assertThat(result.machine()).containsEntry("host", "bench-1").containsEntry("speedProbeMs", "170");
        assertThat(result.measuredMillis()).isEqualTo(summary.window().endMillis() - summary.window().startMillis());
        assertThat(result.measuredErrorWindows()).hasSize((int) summary.errors().stream().filter(w -> !ErrorWindow.WARM_UP.equals(w.phase()))
            .count());
        JsonNode doc = Json.MAPPER.valueToTree(ResultDocument.of(folder.dir()));
        assertThat(doc.get("rate").asInt()).isEqualTo(1000);
        assertThat(doc.get("timestamp").asText()).isEqualTo("2026-11-24T03:00:00Z");
        assertThat(doc.get("durationSeconds").isNull()).as("a knob the run did not record").isTrue();
        assertThat(doc.get("commit").asText()).isEqualTo("1a2b3c");
        assertThat(doc.get("host").asText()).isEqualTo("bench-1");
        assertThat(doc.get("speedProbeMs").asLong()).isEqualTo(170L);
        assertThat(doc.get("status").asText()).isEqualTo("completed");
        assertThat(doc.at("/perRequest/search_by_text/requests").asLong()).isEqualTo(1000);
    }
}
