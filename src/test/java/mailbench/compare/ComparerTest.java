package mailbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import mailbench.profiler.CollapsedStacks;
import mailbench.runfolder.ErrorWindow;

class ComparerTest {

    /** A run with the given CPU per request and p99; 1,000 req/s, no KO, unless changed. */
    private static RunResult run(String name, Double cpuMs, double p99, double rps, long ko, List<String> stacks) {
        return run(name, cpuMs, p99, rps, ko, stacks, Map.of("mailbench.variant", "v"), List.of());
    }

    private static RunResult run(String name, Double cpuMs, double p99, double rps, long ko, List<String> stacks, Map<String, String> knobs,
                                 List<ErrorWindow> errorWindows) {
        RunResult.Stats measured = new RunResult.Stats(60_000, ko, rps, 2, 10, p99);
        return new RunResult(name, "v", "completed", 500L, measured, Map.of("Search by text", measured), cpuMs,
            Map.of("clientEventLoop", 25.0, "other", 75.0), stacks == null ? null : CollapsedStacks.parse(stacks),
            Map.of("opensearchJava", "3.0.0"), knobs, Map.of("cores", "2"), errorWindows, 60_000L);
    }

    private static List<RunResult> runs(double... cpuMs) {
        List<RunResult> runs = new ArrayList<>();
        for (int i = 0; i < cpuMs.length; i++) {
            runs.add(run("r" + i, cpuMs[i], 20, 1000, 0, null));
        }
        return runs;
    }

    private static MetricVerdict metric(Comparison comparison, Metric metric) {
        return comparison.metrics().stream().filter(m -> m.metric().equals(metric.key())).findFirst().orElseThrow();
    }

    @Test
    void fiveRunsClearlyWorseShouldBeARegressionWithASmallPValue() {
        Comparison comparison = Comparer.compare(runs(0.40, 0.41, 0.39, 0.40, 0.42), runs(0.50, 0.52, 0.49, 0.51, 0.50), DefaultThresholds.VALUES);

        MetricVerdict cpu = metric(comparison, Metric.CPU_MS_PER_REQUEST);
        assertThat(cpu.outcome()).isEqualTo(MetricVerdict.Outcome.REGRESSION);
        assertThat(cpu.worseBy()).isEqualTo(25.0);
        assertThat(cpu.pValue()).isLessThan(0.05);
        assertThat(cpu.mde()).isNotNull().isLessThan(cpu.worseBy());
        assertThat(comparison.regression()).isTrue();
        assertThat(comparison.inconclusive()).isEmpty();
    }

    @Test
    void aMeasuredAASeriesShouldNotBeARegressionInEitherDirection() {
        // identical code on both sides, 3 runs each: a clean rank separation (p = 1/20 = alpha) of +-20-25%
        List<RunResult> first = runs(0.404, 0.324, 0.359);
        List<RunResult> second = runs(0.319, 0.287, 0.286);

        for (Comparison comparison : List.of(Comparer.compare(first, second, DefaultThresholds.VALUES),
            Comparer.compare(second, first, DefaultThresholds.VALUES))) {
            MetricVerdict cpu = metric(comparison, Metric.CPU_MS_PER_REQUEST);
            assertThat(cpu.outcome()).isIn(MetricVerdict.Outcome.INCONCLUSIVE, MetricVerdict.Outcome.NO_CHANGE);
            assertThat(cpu.mde()).isGreaterThan(Math.abs(cpu.worseBy()));
            assertThat(comparison.regression()).isFalse();
        }
        Comparison backwards = Comparer.compare(second, first, DefaultThresholds.VALUES);
        assertThat(backwards.inconclusive()).containsExactly(Metric.CPU_MS_PER_REQUEST.key());
        assertThat(metric(backwards, Metric.CPU_MS_PER_REQUEST).note()).contains("worse by 25.1%", "could detect", "run more pairs");
        // the verdict line says so beside "no regression"
        assertThat(backwards.inconclusiveNote()).startsWith("; inconclusive, run more pairs: facade CPU ms per request").contains("worse by 25.1%")
            .contains("(this spread detects ");
        assertThat(Comparer.compare(first, first, DefaultThresholds.VALUES).inconclusiveNote()).isEmpty();
    }

    @Test
    void noChangeShouldSayHowLargeAChangeTheSpreadCouldHaveMissed() {
        MetricVerdict cpu = metric(Comparer.compare(runs(0.40, 0.42, 0.38), runs(0.41, 0.40, 0.39), DefaultThresholds.VALUES),
            Metric.CPU_MS_PER_REQUEST);

        assertThat(cpu.outcome()).isEqualTo(MetricVerdict.Outcome.NO_CHANGE);
        assertThat(cpu.note()).startsWith("none larger than " + Comparer.oneDecimal(cpu.mde()) + "%");
    }

    @Test
    void fiveRunsOfTheSameThingShouldNotBeARegressionEvenWithOneBadRun() {
        // one current run far off (a noisy host period): the median moves little and the rank test is not convinced
        Comparison comparison = Comparer.compare(runs(0.40, 0.44, 0.38, 0.42, 0.41), runs(0.43, 0.39, 0.41, 0.70, 0.40), DefaultThresholds.VALUES);

        assertThat(metric(comparison, Metric.CPU_MS_PER_REQUEST).outcome()).isEqualTo(MetricVerdict.Outcome.NO_CHANGE);
        assertThat(comparison.verdict()).isEqualTo(Comparison.NO_REGRESSION);
    }

    @Test
    void aLargeChangeThatTheRankTestCannotConfirmShouldBeInconclusiveNotNoChangeSinceItIsPastTheThreshold() {
        Comparison comparison = Comparer.compare(runs(0.40, 0.80, 0.40), runs(0.80, 0.40, 0.80), DefaultThresholds.VALUES);

        MetricVerdict cpu = metric(comparison, Metric.CPU_MS_PER_REQUEST);
        assertThat(cpu.worseBy()).isEqualTo(100.0);
        assertThat(cpu.outcome()).isEqualTo(MetricVerdict.Outcome.INCONCLUSIVE);
        assertThat(comparison.regression()).isFalse();
    }

    @Test
    void onePairShouldBeAQuickLookNeverAVerdictAndSaySo() {
        Comparison worse = Comparer.compare(runs(0.40), runs(1.20), DefaultThresholds.VALUES);
        Comparison within = Comparer.compare(runs(0.40), runs(0.43), DefaultThresholds.VALUES);

        assertThat(metric(worse, Metric.CPU_MS_PER_REQUEST).outcome()).as("even 3x").isEqualTo(MetricVerdict.Outcome.INCONCLUSIVE);
        assertThat(metric(worse, Metric.CPU_MS_PER_REQUEST).note()).contains("worse by 200.0%", "every current run worse than every base run",
            "no rank test", "a quick look, not a verdict", "no spread");
        assertThat(metric(worse, Metric.CPU_MS_PER_REQUEST).mde()).isNull();
        assertThat(worse.regression()).isFalse();
        assertThat(metric(within, Metric.CPU_MS_PER_REQUEST).outcome()).isEqualTo(MetricVerdict.Outcome.NO_CHANGE);
        assertThat(metric(Comparer.compare(runs(0.40), runs(0.30), DefaultThresholds.VALUES), Metric.CPU_MS_PER_REQUEST).outcome())
            .isEqualTo(MetricVerdict.Outcome.INCONCLUSIVE);
    }

    @Test
    void twoRunsASideShouldBeInconclusiveWhetherTheyOverlapOrNot() {
        assertThat(metric(Comparer.compare(runs(0.40, 0.50), runs(0.56, 0.48), DefaultThresholds.VALUES), Metric.CPU_MS_PER_REQUEST).outcome())
            .isEqualTo(MetricVerdict.Outcome.INCONCLUSIVE);
        assertThat(metric(Comparer.compare(runs(0.40, 0.42), runs(1.20, 1.25), DefaultThresholds.VALUES), Metric.CPU_MS_PER_REQUEST).outcome())
            .isEqualTo(MetricVerdict.Outcome.INCONCLUSIVE);
        // separated by more than the threshold, but a side spreads by 30%: within what two runs a side can tell apart
        MetricVerdict withinTheSpread = metric(Comparer.compare(runs(0.384, 0.530), runs(0.599, 0.592), DefaultThresholds.VALUES),
            Metric.CPU_MS_PER_REQUEST);
        assertThat(withinTheSpread.worseBy()).isGreaterThan(DefaultThresholds.VALUES.cpuIncreasePercent());
        assertThat(withinTheSpread.mde()).isGreaterThan(withinTheSpread.worseBy());
        assertThat(withinTheSpread.outcome()).isEqualTo(MetricVerdict.Outcome.INCONCLUSIVE);
    }

    @Test
    void aP99RegressionFromOneCurrentRunsErrorWindowShouldBeInconclusiveNamingIt() {
        ErrorWindow stall = new ErrorWindow(1_000_000, 1_000_200, 270, 270.2, ErrorWindow.MEASURED, 400, 222,
            List.of(new ErrorWindow.Message("status.find.in([200, 209], 304), found 503", 222)));
        ErrorWindow warmUp = new ErrorWindow(0, 100, 10, 10.1, ErrorWindow.WARM_UP, 50, 5, List.of());

        List<RunResult> base = List.of(run("b1", 0.4, 20, 1000, 0, null), run("b2", 0.4, 21, 1000, 0, null), run("b3", 0.4, 20, 1000, 0, null));
        Comparison comparison = Comparer.compare(base, List.of(run("c", 0.4, 69, 1000, 0, null, Map.of(), List.of(stall)),
            run("c2", 0.4, 70, 1000, 0, null), run("c3", 0.4, 69, 1000, 0, null)), DefaultThresholds.VALUES);
        Comparison warmUpOnly = Comparer.compare(base, List.of(run("c", 0.4, 69, 1000, 0, null, Map.of(), List.of()),
            run("c2", 0.4, 70, 1000, 0, null), run("c3", 0.4, 69, 1000, 0, null)), DefaultThresholds.VALUES);

        MetricVerdict p99 = metric(comparison, Metric.P99_MS);
        assertThat(p99.outcome()).isEqualTo(MetricVerdict.Outcome.INCONCLUSIVE);
        assertThat(p99.note()).contains("run c: 222 KO in 0.2 s at 270 s into the run: 'status.find.in([200, 209], 304), found 503'");
        assertThat(comparison.regression()).isFalse();
        assertThat(comparison.inconclusive()).containsExactly(Metric.P99_MS.key());
        assertThat(metric(warmUpOnly, Metric.P99_MS).outcome()).as("no measured window: the verdict stands")
            .isEqualTo(MetricVerdict.Outcome.REGRESSION);
        assertThat(warmUp.phase()).isEqualTo(ErrorWindow.WARM_UP);
    }

    @Test
    void anInconclusiveImprovementShouldBeCalledBetterNotWorseByANegativeAmount() {
        // p99 of a measured 5-pair series read backwards: one stalled run on the base side
        double[] stalled = {1173, 76, 26, 14, 46};
        double[] calm = {75, 10, 16, 8, 38};
        List<RunResult> base = new ArrayList<>();
        List<RunResult> current = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            base.add(run("b" + i, 0.5, stalled[i], 1000, 0, null));
            current.add(run("c" + i, 0.5, calm[i], 1000, 0, null));
        }

        Comparison comparison = Comparer.compare(base, current, DefaultThresholds.VALUES);

        assertThat(comparison.inconclusive()).containsExactly(Metric.P99_MS.key());
        assertThat(comparison.inconclusiveNote()).contains("better by 65.2%").doesNotContain("worse by -");
    }

    @Test
    void differencesShouldListADifferingKnobAndVersionButNotTheVariantTheRunFolderOrSharedKnobs() {
        RunResult base = run("b", 0.4, 20, 1000, 0, null, Map.of("mailbench.variant", "default", "mailbench.rate", "500",
            "mailbench.transport", "httpclient5", "mailbench.reportsDir", "reports/pairs/base/.pair-1-base"), List.of());
        RunResult current = new RunResult("c", "rest-client", "completed", 800L, base.measured(), base.requests(), 0.4, base.threadGroups(),
            null, Map.of("opensearchJava", "2.2.0"), Map.of("mailbench.variant", "rest-client", "mailbench.rate", "500",
            "mailbench.transport", "rest-client", "mailbench.reportsDir", "reports/pairs/current/.pair-1-current"), Map.of("cores", "2"),
            List.of(), 60_000L);

        List<Comparison.Difference> differences = Comparer.compare(List.of(base), List.of(current), DefaultThresholds.VALUES).differences();

        assertThat(differences).containsExactlyInAnyOrder(new Comparison.Difference("version opensearchJava", "3.0.0", "2.2.0"),
            new Comparison.Difference("knob mailbench.transport", "httpclient5", "rest-client"),
            new Comparison.Difference("speed probe ms (median)", "500.0", "800.0"));
    }

    @Test
    void lessThroughputAndMoreFailuresShouldCountAsWorse() {
        Comparison comparison = Comparer.compare(
            List.of(run("b1", 0.4, 20, 1000, 0, null), run("b2", 0.4, 20, 1001, 0, null), run("b3", 0.4, 20, 999, 0, null)),
            List.of(run("c1", 0.4, 20, 900, 1200, null), run("c2", 0.4, 20, 901, 1201, null), run("c3", 0.4, 20, 899, 1199, null)),
            DefaultThresholds.VALUES);

        assertThat(metric(comparison, Metric.THROUGHPUT_RPS).worseBy()).isEqualTo(10.0);
        assertThat(metric(comparison, Metric.THROUGHPUT_RPS).outcome()).isEqualTo(MetricVerdict.Outcome.REGRESSION);
        assertThat(metric(comparison, Metric.KO_PERCENT).worseBy()).as("points").isEqualTo(2.0);
        assertThat(metric(comparison, Metric.KO_PERCENT).outcome()).isEqualTo(MetricVerdict.Outcome.REGRESSION);
    }

    @Test
    void aRunWithoutProfileShouldLeaveTheCpuMetricUncompared() {
        Comparison comparison = Comparer.compare(runs(0.40, 0.41), List.of(run("c", null, 20, 1000, 0, null)), DefaultThresholds.VALUES);

        assertThat(metric(comparison, Metric.CPU_MS_PER_REQUEST).outcome()).isEqualTo(MetricVerdict.Outcome.NOT_COMPARED);
        assertThat(comparison.eventLoopFrames().grew()).isEmpty();
    }

    @Test
    void frameChangesShouldRankTheEventLoopMethodsThatGrewAndShrank() {
        List<String> before = List.of("[httpclient-dispatch-1 tid=1];run;read_[j] 90", "[httpclient-dispatch-1 tid=1];run;parse_[j] 10",
            "[vert.x-eventloop-thread-0 tid=2];serve 50");
        List<String> after = List.of("[httpclient-dispatch-1 tid=1];run;read_[j] 60", "[httpclient-dispatch-1 tid=1];run;parse_[j];"
            + "java/util/ServiceLoader.load_[j] 40", "[vert.x-eventloop-thread-0 tid=2];serve 50");

        Comparison comparison = Comparer.compare(List.of(run("b", 0.4, 20, 1000, 0, before)), List.of(run("c", 0.4, 20, 1000, 0, after)),
            DefaultThresholds.VALUES);

        assertThat(comparison.eventLoopFrames().grew()).as("parse only passes its callee's growth on").extracting(Comparison.FrameChange::frame)
            .containsExactly("java/util/ServiceLoader.load");
        assertThat(comparison.eventLoopFrames().grew().get(0).changePoints()).isEqualTo(40.0);
        assertThat(comparison.eventLoopFrames().shrank()).extracting(Comparison.FrameChange::frame).containsExactly("read");
        assertThat(comparison.eventLoopFrames().grew()).noneMatch(f -> f.frame().equals("serve"));
    }

    @Test
    void frameChangesShouldBeInMicrosecondsPerRequestSoAFrameThatCostsMoreShowsEvenWhenItsShareStays() {
        List<String> stacks = List.of("[httpclient-dispatch-1 tid=1];run;read_[j] 90", "[httpclient-dispatch-1 tid=1];run;parse_[j] 10",
            "[vert.x-eventloop-thread-0 tid=2];serve 100");
        // every frame keeps its share; the whole facade costs 0.6 ms per request instead of 0.4
        Comparison comparison = Comparer.compare(
            List.of(run("b1", 0.4, 20, 1000, 0, stacks), run("b2", 0.4, 20, 1000, 0, stacks)),
            List.of(run("c1", 0.6, 20, 1000, 0, stacks), run("c2", 0.6, 20, 1000, 0, stacks)), DefaultThresholds.VALUES);

        Comparison.FrameChange read = comparison.eventLoopFrames().grew().get(0);
        assertThat(read.frame()).isEqualTo("read");
        assertThat(read.changePoints()).as("its share of the event loop did not move").isEqualTo(0.0);
        assertThat(read.baseUsPerRequest()).as("90 of 200 samples of 0.4 ms").isEqualTo(180.0);
        assertThat(read.currentUsPerRequest()).isEqualTo(270.0);
        assertThat(read.changeUsPerRequest()).isEqualTo(90.0);
        assertThat(read.beyondSpread()).as("identical runs a side: no spread").isTrue();
        assertThat(comparison.eventLoopFrames().grew()).as("run (+100) only passes read's +90 on").extracting(Comparison.FrameChange::frame)
            .containsExactly("read", "parse");
    }

    @Test
    void aSmallerCauseUnderAnotherCallerShouldMakeTheListPastADeepChainOfCallers() {
        // a transport's reactor loop grew by a deep chain of callers of the same cost, and a lookup grew under a parser
        StringBuilder chain = new StringBuilder("[httpclient-dispatch-1 tid=1]");
        for (int i = 0; i < 20; i++) {
            chain.append(";reactor").append(i);
        }
        List<String> before = List.of("[httpclient-dispatch-1 tid=1];other 100");
        List<String> after = List.of("[httpclient-dispatch-1 tid=1];other 100", chain + " 200",
            "[httpclient-dispatch-1 tid=1];parse;javax/json/spi/JsonProvider.provider 50");
        Comparison comparison = Comparer.compare(List.of(run("b", 0.4, 20, 1000, 0, before)), List.of(run("c", 0.8, 20, 1000, 0, after)),
            DefaultThresholds.VALUES);

        assertThat(comparison.eventLoopFrames().grew()).extracting(Comparison.FrameChange::frame)
            .containsExactly("reactor19", "javax/json/spi/JsonProvider.provider");
    }

    @Test
    void aFrameChangeWithinTheRunsSpreadShouldSaySo() {
        List<String> stacks = List.of("[httpclient-dispatch-1 tid=1];run;read_[j] 100");
        Comparison comparison = Comparer.compare(
            List.of(run("b1", 0.30, 20, 1000, 0, stacks), run("b2", 0.50, 20, 1000, 0, stacks)),
            List.of(run("c1", 0.35, 20, 1000, 0, stacks), run("c2", 0.55, 20, 1000, 0, stacks)), DefaultThresholds.VALUES);

        Comparison.FrameChange read = comparison.eventLoopFrames().grew().stream().filter(f -> f.frame().equals("read")).findFirst()
            .orElseThrow();
        assertThat(read.changeUsPerRequest()).isEqualTo(50.0);
        assertThat(read.beyondSpread()).as("50 us against runs 200 us apart on one side").isFalse();
    }

    @Test
    void junitXmlShouldFailTheRegressedMetricOnly() {
        String xml = JUnitXml.of(Comparer.compare(runs(0.40, 0.41, 0.40), runs(0.60, 0.61, 0.60), DefaultThresholds.VALUES));

        assertThat(xml).contains("tests=\"11\" failures=\"1\"", "<testcase classname=\"mailbench.compare\" name=\"cpuMsPerRequest\">\n    <failure");
        assertThat(xml.split("<failure", -1)).hasSize(2);
    }

    @Test
    void junitXmlShouldSkipAnInconclusiveMetricAndSayWhatTheSpreadCouldDetect() {
        String xml = JUnitXml.of(Comparer.compare(runs(0.319, 0.287, 0.286), runs(0.404, 0.324, 0.359), DefaultThresholds.VALUES));

        // skipped: CPU (inconclusive), the OS counts of the request path's and the process's CPU, allocation, and their four
        // owners' parts (these runs have none of them: not compared)
        assertThat(xml).contains("failures=\"0\"", "skipped=\"8\"", "<skipped message=\"inconclusive\">", "run more pairs",
            "none larger than");
    }
}
