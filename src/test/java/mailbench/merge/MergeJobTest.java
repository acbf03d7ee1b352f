package mailbench.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.cli.MailbenchMain;
import mailbench.compare.RunResult;
import mailbench.errors.ToolError;
import mailbench.json.Json;
import mailbench.runfolder.LatencyLog;
import mailbench.runfolder.RunSummary;

class MergeJobTest {

    private static final long T0 = 1_763_798_400_000L;

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    private MergeJob.Outcome merge(Path out, Path... runs) throws Exception {
        return new MergeJob(new PrintStream(console, true)).run(List.of(runs), out);
    }

    /** Two injectors at 100 req/s for 10 s, the second starting {@code offsetMillis} after the first. */
    private Path[] pair(long offsetMillis) throws Exception {
        return new Path[] {run("a", "injector-a", T0, 100, 1_000, 1), run("b", "injector-b", T0 + offsetMillis, 100, 1_000, 2)};
    }

    private Path run(String name, String host, long startMillis, int rate, int count, long seed) throws Exception {
        return InjectorRuns.write(tmp.resolve(name), host, "default", "http://facade:8080", rate,
            InjectorRuns.load(seed, startMillis, rate, count));
    }

    @Nested
    class Combined {

        @Test
        void mergedPercentilesShouldBeThoseOfEveryRequestOfEveryInjector() throws Exception {
            List<InjectorRuns.Request> a = InjectorRuns.load(1, T0, 500, 30_000);
            List<InjectorRuns.Request> b = InjectorRuns.load(2, T0 + 700, 500, 30_000);
            InjectorRuns.write(tmp.resolve("a"), "injector-a", "default", "http://facade:8080", 500, a);
            InjectorRuns.write(tmp.resolve("b"), "injector-b", "default", "http://facade:8080", 500, b);
            List<InjectorRuns.Request> union = new ArrayList<>(a);
            union.addAll(b);
            RunSummary reference = InjectorRuns.summaryOf(union);

            RunSummary merged = merge(tmp.resolve("merged"), tmp.resolve("a"), tmp.resolve("b")).summary();

            // the histograms add without loss: the same numbers as one histogram of all 60,000 requests
            assertThat(merged.measured()).usingRecursiveComparison().ignoringFields("rps").isEqualTo(reference.measured());
            assertThat(merged.requests()).usingRecursiveComparison().ignoringFields("rps").isEqualTo(reference.requests());
            // and those are the exact percentiles of the raw values, within the histogram's 3 significant digits
            long[] sorted = union.stream().mapToLong(r -> r.end() - r.start()).sorted().toArray();
            assertThat(merged.measured().p50Ms()).isCloseTo(exact(sorted, 50), within(1 + exact(sorted, 50) / 1000));
            assertThat(merged.measured().p95Ms()).isCloseTo(exact(sorted, 95), within(1 + exact(sorted, 95) / 1000));
            assertThat(merged.measured().p99Ms()).isCloseTo(exact(sorted, 99), within(1 + exact(sorted, 99) / 1000));
            assertThat(merged.measured().maxMs()).isCloseTo(sorted[sorted.length - 1], within(1 + sorted[sorted.length - 1] / 1000));
        }

        @Test
        void countsShouldAddUpAndThroughputShouldBeTheSumOfTheInjectorsRates() throws Exception {
            Path a = run("a", "injector-a", T0, 400, 24_000, 3);
            Path b = run("b", "injector-b", T0 + 300, 600, 36_000, 4);
            JsonNode summaryA = Json.MAPPER.readTree(a.resolve("summary.json").toFile());
            JsonNode summaryB = Json.MAPPER.readTree(b.resolve("summary.json").toFile());

            MergeJob.Outcome outcome = merge(tmp.resolve("merged"), a, b);
            RunSummary merged = outcome.summary();

            assertThat(merged.measured().requests()).isEqualTo(60_000);
            assertThat(merged.measured().ko()).isEqualTo(summaryA.at("/measured/ko").asLong() + summaryB.at("/measured/ko").asLong());
            assertThat(merged.measured().ko()).isPositive();
            assertThat(merged.measured().rps()).isCloseTo(1_000.0, within(0.05));
            assertThat(merged.warmUp()).isEqualTo(new RunSummary.WarmUp(4, 2));
            for (RunSummary.NamedStats named : merged.requests()) {
                assertThat(named.requests()).isEqualTo(count(summaryA, named.name()) + count(summaryB, named.name()));
            }
            assertThat(merged.requests().stream().mapToDouble(RunSummary.NamedStats::rps).sum()).isCloseTo(1_000.0, within(0.1));
            assertThat(merged.window()).isEqualTo(new RunSummary.Window(T0 + 300, T0 + 59_997));
            assertThat(merged.complete()).isTrue();
            assertThat(outcome.warnings()).isEmpty();
        }

        @Test
        void theMergedFolderShouldBeARunThatCompareReads() throws Exception {
            Path a = run("a", "injector-a", T0, 500, 5_000, 5);
            Path b = run("b", "injector-b", T0, 500, 5_000, 6);

            Path merged = merge(tmp.resolve("merged"), a, b).folder();

            JsonNode runJson = Json.MAPPER.readTree(merged.resolve("run.json").toFile());
            assertThat(runJson.get("status").asText()).isEqualTo("completed");
            assertThat(runJson.get("variant").asText()).isEqualTo("default");
            assertThat(runJson.get("target").asText()).isEqualTo("http://facade:8080");
            assertThat(runJson.at("/knobs/mailbench.rate").asText()).isEqualTo("1000");
            assertThat(runJson.at("/machine/hosts").toString()).isEqualTo("[\"injector-a\",\"injector-b\"]");
            assertThat(runJson.get("injectors")).hasSize(2);
            assertThat(runJson.at("/injectors/1/folder").asText()).isEqualTo(b.toAbsolutePath().toString());
            assertThat(runJson.at("/injectors/1/requests").asLong()).isEqualTo(5_000);
            assertThat(LatencyLog.read(merged.resolve(LatencyLog.FILE)).count()).isEqualTo(10_000);

            RunResult result = RunResult.load(merged);
            assertThat(result.measured().requests()).isEqualTo(10_000);
            assertThat(result.cpuMsPerRequest()).isNull();
            assertThat(MailbenchMain.run("compare", a.toString(), merged.toString(), "--out", tmp.resolve("cmp").toString(),
                "--max-p99-increase", "100000", "--max-ko-increase", "100")).isZero();
            assertThat(tmp.resolve("cmp").resolve("comparison.json")).isNotEmptyFile();
        }

        private static long exact(long[] sorted, double percentile) {
            return sorted[(int) Math.ceil(percentile / 100 * sorted.length) - 1];
        }

        private static long count(JsonNode summary, String name) {
            for (JsonNode named : summary.get("requests")) {
                if (named.get("name").asText().equals(name)) {
                    return named.get("requests").asLong();
                }
            }
            return 0;
        }
    }

    @Nested
    class Windows {

        @Test
        void windowsThatDoNotOverlapShouldBeMergedWithAWarningAndNoCommonWindow() throws Exception {
            MergeJob.Outcome outcome = merge(tmp.resolve("merged"), pair(60_000));

            assertThat(outcome.warnings()).anyMatch(w -> w.contains("do not overlap"));
            assertThat(outcome.summary().window()).isNull();
            assertThat(outcome.summary().measured().requests()).isEqualTo(2_000);
            assertThat(Json.MAPPER.readTree(outcome.folder().resolve("run.json").toFile()).get("warnings").toString()).contains("do not overlap");
        }

        @Test
        void aPartialOverlapShouldBeWarnedAbout() throws Exception {
            MergeJob.Outcome outcome = merge(tmp.resolve("merged"), pair(5_000));

            assertThat(outcome.warnings()).anyMatch(w -> w.contains("overlap for 5.0 s only"));
            assertThat(outcome.summary().window()).isEqualTo(new RunSummary.Window(T0 + 5_000, T0 + 9_990));
        }

        @Test
        void localRunsAndDifferentKnobsShouldBeWarnedAbout() throws Exception {
            Path a = InjectorRuns.write(tmp.resolve("a"), "host-1", "default", "local", 50, InjectorRuns.load(11, T0, 50, 500));
            Path b = InjectorRuns.write(tmp.resolve("b"), "host-2", "default", "local", 50, InjectorRuns.load(12, T0, 50, 500));
            ObjectNode runB = (ObjectNode) Json.MAPPER.readTree(b.resolve("run.json").toFile());
            ((ObjectNode) runB.get("knobs")).put("mailbench.duration", "30");
            Json.MAPPER.writeValue(b.resolve("run.json").toFile(), runB);

            MergeJob.Outcome outcome = merge(tmp.resolve("merged"), a, b);

            assertThat(outcome.warnings()).anyMatch(w -> w.contains("each drove its own local stack"));
            assertThat(outcome.warnings()).anyMatch(w -> w.contains("mailbench.duration [30, 60]"));
        }
    }

    @Nested
    class Refusals {

        @Test
        void runsOfDifferentVariantsShouldBeRefused() throws Exception {
            assertRefused("rest-client", "http://facade:8080", "runs of different variants", "rest-client");
        }

        @Test
        void runsAgainstDifferentTargetsShouldBeRefused() throws Exception {
            assertRefused("default", "http://other:8080", "runs of different targets", "-Dmailbench.target");
        }

        /** A second injector's run with this variant and target beside a default run against http://facade:8080. */
        private void assertRefused(String variant, String target, String... message) throws Exception {
            Path a = run("a", "injector-a", T0, 100, 1_000, 13);
            Path b = InjectorRuns.write(tmp.resolve("b"), "injector-b", variant, target, 100, InjectorRuns.load(14, T0, 100, 1_000));

            assertThatThrownBy(() -> merge(tmp.resolve("merged"), a, b)).isInstanceOf(ToolError.class).message().contains(message);
            assertThat(tmp.resolve("merged")).doesNotExist();
        }

        @Test
        void aRunWithoutItsLatencyLogShouldBeRefusedWithTheFix() throws Exception {
            Path[] runs = pair(0);
            Files.delete(runs[1].resolve(LatencyLog.FILE));

            assertThatThrownBy(() -> merge(tmp.resolve("merged"), runs)).isInstanceOf(ToolError.class)
                .hasMessageContaining("has no latency.hlog").hasMessageContaining("re-run that injector");
        }

        @Test
        void aFolderThatIsNotARunShouldBeRefused() throws Exception {
            Path a = run("a", "injector-a", T0, 100, 1_000, 19);
            Files.createDirectories(tmp.resolve("empty"));

            assertThatThrownBy(() -> merge(tmp.resolve("merged"), a, tmp.resolve("empty"))).isInstanceOf(ToolError.class)
                .hasMessageContaining("has no run.json");
            assertThatThrownBy(() -> merge(tmp.resolve("merged"), a, tmp.resolve("missing"))).isInstanceOf(ToolError.class)
                .hasMessageContaining("no such folder");
        }

        @Test
        void theSameRunTwiceShouldBeRefused() throws Exception {
            Path a = run("a", "injector-a", T0, 100, 1_000, 20);

            assertThatThrownBy(() -> merge(tmp.resolve("merged"), a, a)).isInstanceOf(ToolError.class).hasMessageContaining("given twice");
        }

        @Test
        void filesOfDifferentRunsInOneFolderShouldBeRefused() throws Exception {
            Path a = run("a", "injector-a", T0, 100, 1_000, 21);
            Path b = run("b", "injector-b", T0, 100, 2_000, 22);
            Files.copy(a.resolve(LatencyLog.FILE), b.resolve(LatencyLog.FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);

            assertThatThrownBy(() -> merge(tmp.resolve("merged"), a, b)).isInstanceOf(ToolError.class)
                .hasMessageContaining("mixes files of different runs");
        }

        @Test
        void aMergedRunShouldNotBeMergedAgain() throws Exception {
            Path[] runs = pair(0);
            Path merged = merge(tmp.resolve("merged"), runs).folder();

            assertThatThrownBy(() -> merge(tmp.resolve("again"), merged, runs[0])).isInstanceOf(ToolError.class)
                .hasMessageContaining("already a merge of 2 runs");
        }

        @Test
        void theCommandShouldExitWith2AndLeaveAUsedOutputFolderAlone() throws Exception {
            Path[] runs = pair(0);
            String a = runs[0].toString();
            String b = runs[1].toString();
            Path used = Files.createDirectories(tmp.resolve("used"));
            Files.writeString(used.resolve("notes.txt"), "keep me");

            assertThat(MailbenchMain.run("merge", a, b, "--out", used.toString())).isEqualTo(2);
            assertThat(MailbenchMain.run("merge", a, tmp.resolve("nothing").toString(), "--out", tmp.resolve("m").toString())).isEqualTo(2);
            assertThat(MailbenchMain.run("merge", a)).as("--out is required").isEqualTo(2);
            try (var entries = Files.list(used)) {
                assertThat(entries).containsExactly(used.resolve("notes.txt"));
            }
            assertThat(MailbenchMain.run("merge", a, b, "--out", tmp.resolve("m").toString())).isZero();
        }
    }
}
