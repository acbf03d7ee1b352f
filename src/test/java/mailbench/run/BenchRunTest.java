package mailbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.knobs.Knobs;
import mailbench.profiler.CaptureSettings;
import mailbench.profiler.SidecarToken;
import mailbench.runfolder.ProfileSection;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunRecord;
import mailbench.runfolder.RunSummary;
import mailbench.settings.ProfilerSettings;
import mailbench.summary.RunSummarizer;
import mailbench.summary.SimulationLog;

/** What a run decides without Gatling or a stack: its folder's name, each simulation's needs, its profiler, its summary. */
class BenchRunTest {

    @TempDir
    Path dir;

    @Nested
    class Naming {

        @Test
        void aRunShouldBeNamedByItsStartSimulationVariantAndPath() {
            Instant start = Instant.parse("2026-11-24T03:04:05Z");

            assertThat(RunFolder.name(start, "SearchSimulation", "default", false)).isEqualTo("20261124-030405-SearchSimulation-default");
            assertThat(RunFolder.name(start, "SearchSimulation", "default", true)).isEqualTo("20261124-030405-SearchSimulation-default-direct");
        }

        @Test
        void twoRunsInTheSameSecondShouldNeverShareAFolder() throws IOException {
            Path reports = dir.resolve("reports");

            RunFolder first = RunFolder.create(reports, "20261124-030405-SearchSimulation-default");
            RunFolder second = RunFolder.create(reports, "20261124-030405-SearchSimulation-default");
            RunFolder third = RunFolder.create(reports, "20261124-030405-SearchSimulation-default");

            assertThat(first.dir()).isEqualTo(reports.resolve("20261124-030405-SearchSimulation-default").toAbsolutePath());
            assertThat(second.dir().getFileName()).hasToString("20261124-030405-SearchSimulation-default-2");
            assertThat(third.dir().getFileName()).hasToString("20261124-030405-SearchSimulation-default-3");
            assertThat(List.of(first, second, third)).allSatisfy(folder -> assertThat(folder.dir()).isDirectory().isEmptyDirectory());
        }
    }

    @Nested
    class Needs {

        @Test
        void eachSimulationShouldNeedWhatItsLoadUses() {
            assertThat(SimulationNeeds.SEARCH).isEqualTo(new SimulationNeeds(true, true, true, Map.of()));
            assertThat(SimulationNeeds.INDEXING).isEqualTo(new SimulationNeeds(false, true, false, Map.of()));
            assertThat(SimulationNeeds.BULK_MATRIX).isEqualTo(new SimulationNeeds(false, false, false, Map.of()));
            assertThat(SimulationNeeds.LARGE_SOURCE.corpus()).isTrue();
            assertThat(SimulationNeeds.LARGE_SOURCE.searchWarmUp()).as("its searches would fetch whole messages by the dozen").isFalse();
            assertThat(SimulationNeeds.LARGE_SOURCE.knobDefaults()).containsEntry(Knobs.MESSAGES.name(), "60")
                .containsEntry(Knobs.ATTACHMENT_TEXT.name(), "" + 5 * 1024 * 1024);
        }
    }

    @Nested
    class Profiler {

        private final ProfilerSettings on = new ProfilerSettings(true, null, null, CaptureSettings.defaults(), 5);

        /** The reason a profiler gives when it never sampled: its own when it is none, "sampling never started" when it is one. */
        private String reason(RunProfiler profiler) {
            return profiler.finish(dir.resolve("profile"), (from, to) -> 0).reason();
        }

        @Test
        void aSimulationWithoutAMeasuredPhaseShouldHaveNone() {
            assertThat(reason(ProfilerChoice.choose("BulkIndexSimulation", false, on, false, null, e -> { })))
                .isEqualTo("BulkIndexSimulation has no single measured phase to profile");
        }

        @Test
        void switchedOffShouldSaySo() {
            ProfilerSettings off = new ProfilerSettings(false, null, null, CaptureSettings.defaults(), 5);

            assertThat(reason(ProfilerChoice.choose("SearchSimulation", true, off, false, null, e -> { })))
                .isEqualTo("switched off (-Dmailbench.profiler=false)");
        }

        @Test
        void theDirectPathShouldHaveNone() {
            assertThat(reason(ProfilerChoice.choose("SearchSimulation", true, on, true, null, e -> { })))
                .isEqualTo("path=direct: the facade is not in the request path");
        }

        @Test
        void aTargetWithoutASidecarShouldNameTheKnob() {
            assertThat(reason(ProfilerChoice.choose("SearchSimulation", true, on, false, null, e -> { })))
                .isEqualTo("staging run without a sidecar: start one next to the facade and set -Dmailbench.profiler.url");
        }

        @Test
        void aSidecarWithoutATokenShouldNameBothWaysToGiveOne() {
            assumeThat(System.getenv(SidecarToken.ENV)).as("the token's variable is not set here").isNull();
            ProfilerSettings sidecar = new ProfilerSettings(true, URI.create("http://127.0.0.1:1"), null, CaptureSettings.defaults(), 5);

            assertThat(reason(ProfilerChoice.choose("SearchSimulation", true, sidecar, false, null, e -> { })))
                .isEqualTo("no token for the sidecar: set $" + SidecarToken.ENV + " or -Dmailbench.profiler.tokenFile");
        }

        @Test
        void aSidecarWithAnUnreadableTokenFileShouldSayWhy() {
            Path missing = dir.resolve("missing.token");
            ProfilerSettings sidecar = new ProfilerSettings(true, URI.create("http://127.0.0.1:1"), missing,
                CaptureSettings.defaults(), 5);

            assertThat(reason(ProfilerChoice.choose("SearchSimulation", true, sidecar, false, null, e -> { })))
                .startsWith("cannot read the profiler token file " + missing);
        }

        @Test
        void aSidecarWithATokenShouldBeUsed() throws IOException {
            Path token = Files.writeString(dir.resolve("sidecar.token"), "0123456789abcdef0123456789abcdef");
            ProfilerSettings sidecar = new ProfilerSettings(true, URI.create("http://127.0.0.1:1"), token,
                CaptureSettings.defaults(), 5);

            assertThat(reason(ProfilerChoice.choose("SearchSimulation", true, sidecar, false, null, e -> { })))
                .as("a profiler that was chosen, then never started").isEqualTo("sampling never started");
        }
    }

    @Nested
    class Summarizer {

        /** A simulation.log in a plain text form the test writes: name, start, end, OK or KO, one request a line. */
        private static final SimulationLog TEXT_LOG = (file, sink) -> {
            for (String line : Files.readAllLines(file)) {
                String[] f = line.split(",");
                sink.accept(f[0], Long.parseLong(f[1]), Long.parseLong(f[2]), f[3].equals("OK"), f[3].equals("OK") ? null : "503");
            }
            return true;
        };

        private static final RunSummarizer.Beside NOTHING_BESIDE = new RunSummarizer.Beside(null, null, null, Map::of, requests -> null);

        private Path simulationLog(int measured) throws IOException {
            Random random = new Random(42);
            List<String> lines = new ArrayList<>();
            lines.add(SimulationLog.WARM_UP_PREFIX + "Search by text,1000,1010,KO");
            for (int i = 0; i < measured; i++) {
                long start = 10_000 + i * 10L;
                lines.add((i % 2 == 0 ? "Search by text" : "Search by sender") + "," + start + "," + (start + 1 + random.nextInt(20)) + ","
                    + (i % 100 == 99 ? "KO" : "OK"));
            }
            return Files.write(Files.createDirectories(dir.resolve("gatling-results").resolve("searchsimulation-1")).resolve("simulation.log"),
                lines);
        }

        @Test
        void aLogShouldBecomeSummaryAndLatencyFilesInTheRunFolder() throws IOException {
            RunFolder folder = RunFolder.of(Files.createDirectories(dir.resolve("run")));
            Path log = simulationLog(1_000);

            RunSummary summary = new RunSummarizer(TEXT_LOG, folder).summarize(log, null, null, requests -> ProfileSection.none("not profiled"), NOTHING_BESIDE);

            assertThat(summary.measured().requests()).isEqualTo(1_000);
            assertThat(summary.measured().ko()).isEqualTo(10);
            assertThat(summary.warmUp()).isEqualTo(new RunSummary.WarmUp(1, 1));
            assertThat(summary.complete()).isTrue();
            assertThat(summary.window()).isEqualTo(new RunSummary.Window(10_000, 10_000 + 999 * 10L));
            assertThat(summary.facade()).as("not measured").isNull();
            assertThat(folder.readSummary()).isEqualTo(summary);
            assertThat(folder.readLatencies().count()).isEqualTo(1_000);
        }

        @Test
        void theProfileShouldCountTheMeasuredRequestsThatEndedInItsWindow() throws IOException {
            RunFolder folder = RunFolder.of(Files.createDirectories(dir.resolve("run")));
            Path log = simulationLog(1_000);
            long[] counted = {-1};

            new RunSummarizer(TEXT_LOG, folder).summarize(log, Instant.ofEpochMilli(12_000), Instant.ofEpochMilli(14_000), requests -> {
                counted[0] = requests;
                return ProfileSection.none("counted");
            }, NOTHING_BESIDE);

            // requests start every 10 ms from 10,000 and end 1-20 ms later: those ending in [12,000, 14,000]
            assertThat(counted[0]).isBetween(199L, 201L);
        }

        @Test
        void nothingMeasuredShouldWriteASummaryWithoutLatencies() throws IOException {
            RunFolder folder = RunFolder.of(Files.createDirectories(dir.resolve("run")));
            Path log = simulationLog(0);

            RunSummary summary = new RunSummarizer(TEXT_LOG, folder).summarize(log, null, null, requests -> ProfileSection.none("not profiled"), NOTHING_BESIDE);

            assertThat(summary.measured().requests()).isZero();
            assertThat(folder.hasSummary()).isTrue();
            assertThat(folder.hasLatencyLog()).isFalse();
        }

        @Test
        void theRunsOwnGatlingFolderShouldBeTheNewestWrittenSinceItStarted() throws IOException {
            Path results = dir.resolve("gatling-results");
            Path older = Files.createDirectories(results.resolve("searchsimulation-0"));
            Files.writeString(older.resolve("simulation.log"), "");
            older.resolve("simulation.log").toFile().setLastModified(System.currentTimeMillis() - 60_000);
            long start = System.currentTimeMillis();
            Path log = simulationLog(10);

            assertThat(RunSummarizer.gatlingRunDir(results, start)).contains(log.getParent());
            assertThat(RunSummarizer.gatlingRunDir(dir.resolve("absent"), start)).isEmpty();
        }
    }

    @Nested
    class Ending {

        private final RunRecord record = new RunRecord();
        private final List<String> said = new ArrayList<>();

        private Path gatlingResults() {
            return dir.resolve("gatling-results");
        }

        private RunFolder folder() throws IOException {
            return RunFolder.of(Files.createDirectories(dir.resolve("run")));
        }

        private RunEnding ending(SimulationLog log, RunFolder folder, long startMillis) {
            return new RunEnding(log, folder, record, new GatlingFolder(gatlingResults(), startMillis), said::add);
        }

        private List<String> events() {
            return record.timeline.stream().map(RunRecord.Event::event).toList();
        }

        /** Gatling's folder of one run: a simulation.log (in the tests' text form) and its report's page. */
        private Path gatlingRun(String name, List<String> requests) throws IOException {
            Path run = Files.createDirectories(gatlingResults().resolve(name));
            Files.write(RunFolder.simulationLogIn(run), requests);
            Files.writeString(run.resolve("index.html"), "<html>" + name + "</html>");
            return run;
        }

        @Test
        void aRunEndedBeforeGatlingWroteItsLogShouldSaySoAndHaveNoProfile() throws IOException {
            RunFolder folder = folder();

            boolean complete = ending(Summarizer.TEXT_LOG, folder, System.currentTimeMillis()).summarize(null, null, null);

            assertThat(complete).isFalse();
            assertThat(events()).containsExactly("no simulation.log found under " + gatlingResults());
            assertThat(record.profile).containsEntry("status", ProfileSection.NONE)
                .containsEntry("reason", "the run ended before the load started");
            assertThat(folder.hasSummary()).isFalse();
        }

        @Test
        void aFinishedLogShouldGiveTheSummaryAndTheMeasuredWindow() throws IOException {
            RunFolder folder = folder();
            long start = System.currentTimeMillis();
            gatlingRun("searchsimulation-1", List.of(SimulationLog.WARM_UP_PREFIX + "Search by text,1000,1010,OK",
                "Search by text,20000,20005,OK", "Search by sender,20010,20030,KO", "Search by text,21000,21004,OK"));

            boolean complete = ending(Summarizer.TEXT_LOG, folder, start).summarize(null, null, null);

            assertThat(complete).isTrue();
            assertThat(folder.readSummary().measured().requests()).isEqualTo(3);
            assertThat(folder.readSummary().measured().ko()).isEqualTo(1);
            assertThat(record.measuredStart).isEqualTo(Instant.ofEpochMilli(20_000));
            assertThat(record.measuredEnd).isEqualTo(Instant.ofEpochMilli(21_000));
            assertThat(record.profile).containsEntry("reason", "the run ended before the load started");
            assertThat(said).as("the summary table on the console").hasSize(1);
        }

        @Test
        void aLogThatCannotBeReadShouldLeaveTheRunIncompleteWithTheReason() throws IOException {
            RunFolder folder = folder();
            long start = System.currentTimeMillis();
            gatlingRun("searchsimulation-1", List.of("Search by text,20000,20005,OK"));
            SimulationLog damaged = (file, sink) -> {
                throw new IOException("truncated record");
            };

            assertThat(ending(damaged, folder, start).summarize(null, null, null)).isFalse();
            assertThat(events()).containsExactly("summary failed: truncated record");
            assertThat(folder.hasSummary()).isFalse();
        }

        @Test
        void gatlingsReportShouldMoveIntoTheRunFolder() throws IOException {
            RunFolder folder = folder();
            long start = System.currentTimeMillis();
            Path report = gatlingRun("searchsimulation-1", List.of());

            ending(Summarizer.TEXT_LOG, folder, start).moveGatlingReport();

            assertThat(folder.gatlingReportDir().resolve("index.html")).hasContent("<html>searchsimulation-1</html>");
            assertThat(report).doesNotExist();
            assertThat(said).containsExactly("Gatling report: " + folder.gatlingReportDir().resolve("index.html"));
        }

        @Test
        void anOlderRunsReportShouldStayWhereItIs() throws IOException {
            RunFolder folder = folder();
            Path older = gatlingRun("searchsimulation-0", List.of());
            RunFolder.simulationLogIn(older).toFile().setLastModified(System.currentTimeMillis() - 60_000);

            ending(Summarizer.TEXT_LOG, folder, System.currentTimeMillis()).moveGatlingReport();

            assertThat(folder.gatlingReportDir()).doesNotExist();
            assertThat(older.resolve("index.html")).exists();
            assertThat(said).isEmpty();
        }
    }
}
