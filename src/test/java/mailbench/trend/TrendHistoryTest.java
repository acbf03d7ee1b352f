package mailbench.trend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import mailbench.changepoint.ChangePoint;
import mailbench.cli.MailbenchMain;
import mailbench.errors.ToolError;
import mailbench.json.Json;
import mailbench.nightly.NightlyHistories.Load;
import mailbench.nightly.NightlyHistories;

/** The trend read from a history the nightly job wrote: nights in order, each night's baseline band, the regressions flagged. */
class TrendHistoryTest {

    static final Load STEADY = new Load(100, 10, 0.5);
    static final Load SLOWER = new Load(100, 30, 1.5);
    static final Load FASTER = new Load(100, 8, 0.3);

    @TempDir
    static Path dir;
    static Path history;

    @BeforeAll
    static void nights() throws Exception {
        history = NightlyHistories.write(dir, 17, STEADY, List.of(STEADY, SLOWER, STEADY));
    }

    @Nested
    class Read {

        @Test
        void shouldHoldEveryNightOldestFirstWithItsVerdict() {
            Trend trend = TrendHistory.read(history);

            assertThat(trend.nights()).extracting(Trend.Night::verdict).containsExactly("no regression", "regression", "no regression");
            assertThat(trend.nights()).extracting(Trend.Night::night).isSorted();
            assertThat(trend.regressions()).isEqualTo(1);
            assertThat(trend.metrics()).extracting(Trend.MetricInfo::key).containsExactly("rps", "p99Ms", "processCpuMsPerRequest",
                "cpuMsPerRequest");
        }

        @Test
        void shouldFlagTheRegressedMetricsOfTheRegressionNightOnly() {
            List<Trend.Night> nights = TrendHistory.read(history).nights();

            assertThat(nights.get(1).regression()).isTrue();
            assertThat(nights.get(1).regressed()).contains("processCpuMsPerRequest", "p99Ms")
                .doesNotContain("rps", "cpuMsPerRequest");
            assertThat(nights).filteredOn(night -> !night.regression()).allSatisfy(night -> assertThat(night.regressed()).isEmpty());
        }

        @Test
        void shouldGiveEachNightTonightsRunsAndTheirMedian() {
            Trend.Night night = TrendHistory.read(history).nights().get(1);

            assertThat(night.runs().get("rps")).hasSize(NightlyHistories.RUNS)
                .allSatisfy(rps -> assertThat(rps).isCloseTo(100, within(0.5)));
            assertThat(night.runs().get("cpuMsPerRequest")).hasSize(NightlyHistories.RUNS)
                .allSatisfy(cpu -> assertThat(cpu).isBetween(1.3, 1.7));
            assertThat(night.runs().get("processCpuMsPerRequest")).hasSize(NightlyHistories.RUNS)
                .allSatisfy(cpu -> assertThat(cpu).isBetween(1.4, 1.6));
            assertThat(night.runs().get("allocatedBytesPerRequest")).as("the made-up runs record no allocation").isEmpty();
            List<Double> p99 = night.runs().get("p99Ms").stream().sorted().toList();
            assertThat(night.median().get("p99Ms")).isEqualTo(p99.get(2));
        }

        @Test
        void shouldBandEveryNightByItsOwnRunsOfTheBaselineCommit() {
            List<Trend.Night> nights = TrendHistory.read(history).nights();

            assertThat(nights).allSatisfy(night -> {
                Trend.Band band = night.band().get("processCpuMsPerRequest");
                assertThat(band.low()).isBetween(0.47, 0.5);
                assertThat(band.high()).isBetween(0.5, 0.53);
                assertThat(night.baseMedian().get("processCpuMsPerRequest")).isBetween(band.low(), band.high());
            });
            assertThat(nights.get(1).median().get("processCpuMsPerRequest")).as("the slower night, above its band")
                .isGreaterThan(nights.get(1).band().get("processCpuMsPerRequest").high());
        }

        @Test
        void aRebaselineShouldMoveTheBandToTheNewCommitsRuns() throws Exception {
            Path rebased = NightlyHistories.write(dir.resolve("rebased"), 23, List.of(new NightlyHistories.Night(STEADY, STEADY),
                new NightlyHistories.Night(FASTER, FASTER)), 2);

            List<Trend.Night> nights = TrendHistory.read(rebased).nights();

            assertThat(nights.get(0).baseline()).isNotEqualTo(nights.get(1).baseline()).hasSize(40);
            assertThat(nights.get(0).band().get("processCpuMsPerRequest").high()).isGreaterThan(0.45);
            assertThat(nights.get(1).band().get("processCpuMsPerRequest").high()).isLessThan(0.35);
            assertThat(nights).extracting(Trend.Night::verdict).containsOnly("no regression");
        }

        @Test
        void aNightJudgedAgainstStoredRunsShouldBeBandedByTheNightThatStoredThemAlsoAfterTheDocumentedSwap() throws Exception {
            // the history as the stored-baseline job wrote it: the rebaseline stored into main.new, nights then read main
            Path stored = Files.createDirectories(dir.resolve("stored"));
            Files.writeString(stored.resolve("20261120-020000.json"), """
                {"night":"20261120-020000","verdict":"baseline","baseline":"/state/baselines/main.new",
                 "runs":[{"processCpuMsPerRequest":0.40},{"processCpuMsPerRequest":0.44}]}""");
            Files.writeString(stored.resolve("20261121-020000.json"), """
                {"night":"20261121-020000","verdict":"no regression","baseline":"/state/baselines/main",
                 "runs":[{"processCpuMsPerRequest":0.42},{"processCpuMsPerRequest":0.43}]}""");

            List<Trend.Night> nights = TrendHistory.read(stored).nights();

            assertThat(nights.get(1).band().get("processCpuMsPerRequest")).isEqualTo(new Trend.Band(0.40, 0.44));
        }

        @Test
        void aHistoryWrittenBeforeAMetricExistedShouldNotChartIt() throws Exception {
            Path older = Files.createDirectories(dir.resolve("older"));
            try (Stream<Path> files = Files.list(history)) {
                for (Path file : files.sorted().toList()) {
                    ObjectNode night = (ObjectNode) Json.MAPPER.readTree(file.toFile());
                    night.withArray("runs").forEach(run -> ((ObjectNode) run).remove("processCpuMsPerRequest"));
                    Json.MAPPER.writeValue(older.resolve(file.getFileName()).toFile(), night);
                }
            }

            Trend trend = TrendHistory.read(older);

            assertThat(trend.metrics()).extracting(Trend.MetricInfo::key).containsExactly("rps", "p99Ms", "cpuMsPerRequest");
            assertThat(trend.nights()).allSatisfy(night -> assertThat(night.median()).doesNotContainKey("processCpuMsPerRequest"));
        }
    }

    @Nested
    class ChangePoints {

        @Test
        void aStepInThroughputShouldBeAChangePointAtTheNightItStartedAndTheFlatMetricNone() throws Exception {
            Path stepped = StepHistories.write(dir.resolve("step"), 5, 30, new StepHistories.Step("rps", 15, -8, Set.of()));

            Trend trend = TrendHistory.read(stepped);

            assertThat(trend.changePoints()).hasSize(1);
            Trend.Change change = trend.changePoints().get(0);
            assertThat(change.metric()).isEqualTo("rps");
            List<String> nights = trend.nights().stream().map(Trend.Night::night).toList();
            assertThat(nights.indexOf(change.night())).isBetween(14, 16);
            assertThat(change.point().stepPercent()).isBetween(-11.0, -5.0);
            assertThat(change.point().direction()).as("fewer requests a second").isEqualTo(ChangePoint.Direction.WORSE);
            assertThat(trend.changeSearch()).isEqualTo(mailbench.changepoint.ChangePoints.Settings.DEFAULTS);
        }

        @Test
        void nightsAtOneLevelShouldHaveNoChangePoint() throws Exception {
            Path flat = StepHistories.write(dir.resolve("flat"), 6, 30, new StepHistories.Step("rps", 0, 0, Set.of()));

            assertThat(TrendHistory.read(flat).changePoints()).isEmpty();
        }

        @Test
        void aMinimumOfNightsASideTheHistoryCannotHoldShouldFindNone() throws Exception {
            Path stepped = StepHistories.write(dir.resolve("step-settings"), 5, 30, new StepHistories.Step("rps", 15, -8, Set.of()));

            assertThat(TrendHistory.read(stepped, mailbench.changepoint.ChangePoints.Settings.of(16, 0.01)).changePoints())
                .as("16 nights a side do not fit in 30").isEmpty();
        }

        @Test
        void aNightWhoseBaselineCommitWasTonightsShouldBeACanary() throws Exception {
            Path canary = NightlyHistories.write(dir.resolve("canary"), 31, List.of(new NightlyHistories.Night(STEADY, STEADY)), 1);

            Trend trend = TrendHistory.read(canary);

            assertThat(trend.nights()).singleElement().satisfies(night -> assertThat(night.canary()).isTrue());
            assertThat(trend.canaries()).isOne();
            assertThat(TrendHistory.read(history).canaries()).as("nights against the older commit").isZero();
        }

        @Test
        void aCalibrationNightOfOneCommitWithACostOnOneSideShouldNotBeACanary() throws Exception {
            Path calibration = Files.createDirectories(dir.resolve("calibration"));
            String commit = "3".repeat(40);
            Files.writeString(calibration.resolve("20261127-020000.json"), """
                {"night":"20261127-020000","verdict":"regression","baseline":"%s","current":"%s",
                 "baseOnly":{},"currentOnly":{"mailbench.facade.injectCpuMicros":"20"},"runs":[{"side":"current","rps":100}]}"""
                .formatted(commit, commit));
            Files.writeString(calibration.resolve("20261128-020000.json"), """
                {"night":"20261128-020000","verdict":"no regression","baseline":"%s","current":"%s",
                 "baseOnly":{},"currentOnly":{},"runs":[{"side":"current","rps":100}]}""".formatted(commit, commit));

            assertThat(TrendHistory.read(calibration).nights()).extracting(Trend.Night::canary).containsExactly(false, true);
        }
    }

    @Nested
    class Errors {

        @Test
        void aMissingFolderShouldNameTheFolderAndTheOption() {
            Path missing = dir.resolve("no-such-history");

            assertThatThrownBy(() -> TrendHistory.read(missing)).isInstanceOf(ToolError.class)
                .hasMessageContaining("no history folder " + missing.toAbsolutePath()).hasMessageContaining("--history");
        }

        @Test
        void anEmptyFolderShouldSayItHoldsNoNight() throws Exception {
            Path empty = Files.createDirectories(dir.resolve("empty"));
            Files.writeString(empty.resolve("notes.txt"), "not a night");

            assertThatThrownBy(() -> TrendHistory.read(empty)).isInstanceOf(ToolError.class).hasMessageContaining("no night in");
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', value = {
            "not JSON                | {\"night\": \"20261124-02",
            "no runs                 | {\"night\":\"20261124-020000\",\"verdict\":\"baseline\"}",
            "no \"verdict\"          | {\"night\":\"20261124-020000\",\"runs\":[{\"rps\":1}]}",
            "rps is not a number     | {\"night\":\"20261124-020000\",\"verdict\":\"baseline\",\"runs\":[{\"rps\":\"fast\"}]}"})
        void aNightFileThatCannotBeReadShouldBeNamedWithWhy(String why, String content) throws Exception {
            Path broken = copyOfHistory(Integer.toHexString(content.hashCode()));
            Path file = Files.writeString(broken.resolve("20261124-020000.json"), content);

            assertThatThrownBy(() -> TrendHistory.read(broken)).isInstanceOf(ToolError.class)
                .hasMessageContaining(file.toAbsolutePath().toString()).hasMessageContaining(why);
        }

        private Path copyOfHistory(String name) throws Exception {
            Path copy = Files.createDirectories(dir.resolve(name));
            try (Stream<Path> files = Files.list(history)) {
                for (Path file : files.toList()) {
                    Files.copy(file, copy.resolve(file.getFileName()));
                }
            }
            return copy;
        }
    }

    @Nested
    class Command {

        @Test
        void trendShouldWriteThePageAndExitZero() {
            Path out = dir.resolve("command").resolve("trend.html");

            assertThat(MailbenchMain.run("trend", "--history", history.toString(), "--out", out.toString())).isZero();
            assertThat(out).isRegularFile();
        }

        @Test
        void aChangePointLevelNoPermutationCanReachShouldExitTwoAndWriteNothing() {
            Path out = dir.resolve("command-alpha").resolve("trend.html");

            assertThat(MailbenchMain.run("trend", "--history", history.toString(), "--out", out.toString(),
                "--change-point-alpha", "0.0001")).isEqualTo(2);
            assertThat(out).doesNotExist();
        }

        @Test
        void trendWithoutAHistoryShouldExitTwoAndWriteNothing() {
            Path out = dir.resolve("command-missing").resolve("trend.html");

            assertThat(MailbenchMain.run("trend", "--history", dir.resolve("nothing").toString(), "--out", out.toString())).isEqualTo(2);
            assertThat(out).doesNotExist();
        }
    }

    @Nested
    class Page {

        @Test
        void shouldBeOneOfflineFileWithTheHistoryInIt() throws Exception {
            Path page = TrendPage.write(TrendHistory.read(history), dir.resolve("pages").resolve("trend.html"));

            String html = Files.readString(page);
            assertThat(html).doesNotContain("/*CHART_JS*/", "/*DATA*/", "/*REPORT_CSS*/", "<script src", "<link")
                .contains("\"verdict\":\"regression\"").contains("Chart").contains("\"changePoints\":[]");
        }
    }
}
