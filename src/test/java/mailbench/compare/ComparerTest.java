package mailbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import mailbench.profiler.CollapsedStacks;

class ComparerTest {

    /** A run with the given CPU per request and p99; 1,000 req/s, no KO, unless changed. */
    private static RunResult run(String name, Double cpuMs, double p99, double rps, long ko, List<String> stacks) {
        RunResult.Stats measured = new RunResult.Stats(60_000, ko, rps, 2, 10, p99);
        return new RunResult(name, "v", "completed", 500L, measured, Map.of("Search by text", measured), cpuMs,
            Map.of("clientEventLoop", 25.0, "other", 75.0), stacks == null ? null : CollapsedStacks.parse(stacks));
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
        Comparison comparison = Comparer.compare(runs(0.40, 0.41, 0.39, 0.40, 0.42), runs(0.50, 0.52, 0.49, 0.51, 0.50), Thresholds.DEFAULTS);

        MetricVerdict cpu = metric(comparison, Metric.CPU_MS_PER_REQUEST);
        assertThat(cpu.outcome()).isEqualTo(MetricVerdict.Outcome.REGRESSION);
        assertThat(cpu.worseBy()).isEqualTo(25.0);
        assertThat(cpu.pValue()).isLessThan(0.05);
        assertThat(comparison.regression()).isTrue();
    }

    @Test
    void fiveRunsOfTheSameThingShouldNotBeARegressionEvenWithOneBadRun() {
        // one current run far off (a noisy host period): the median moves little and the rank test is not convinced
        Comparison comparison = Comparer.compare(runs(0.40, 0.44, 0.38, 0.42, 0.41), runs(0.43, 0.39, 0.41, 0.70, 0.40), Thresholds.DEFAULTS);

        assertThat(metric(comparison, Metric.CPU_MS_PER_REQUEST).outcome()).isEqualTo(MetricVerdict.Outcome.NO_CHANGE);
        assertThat(comparison.verdict()).isEqualTo(Comparison.NO_REGRESSION);
    }

    @Test
    void aLargeChangeThatTheRankTestCannotConfirmShouldNotBeARegression() {
        Comparison comparison = Comparer.compare(runs(0.40, 0.80, 0.40), runs(0.80, 0.40, 0.80), Thresholds.DEFAULTS);

        MetricVerdict cpu = metric(comparison, Metric.CPU_MS_PER_REQUEST);
        assertThat(cpu.worseBy()).isEqualTo(100.0);
        assertThat(cpu.outcome()).isEqualTo(MetricVerdict.Outcome.NO_CHANGE);
    }

    @Test
    void onePairShouldBeDecidedByTheThresholdAloneAndSaySo() {
        Comparison worse = Comparer.compare(runs(0.40), runs(0.45), Thresholds.DEFAULTS);
        Comparison within = Comparer.compare(runs(0.40), runs(0.43), Thresholds.DEFAULTS);

        assertThat(metric(worse, Metric.CPU_MS_PER_REQUEST).outcome()).isEqualTo(MetricVerdict.Outcome.REGRESSION);
        assertThat(metric(worse, Metric.CPU_MS_PER_REQUEST).note()).contains("threshold alone");
        assertThat(metric(within, Metric.CPU_MS_PER_REQUEST).outcome()).isEqualTo(MetricVerdict.Outcome.NO_CHANGE);
        assertThat(metric(Comparer.compare(runs(0.40), runs(0.30), Thresholds.DEFAULTS), Metric.CPU_MS_PER_REQUEST).outcome())
            .isEqualTo(MetricVerdict.Outcome.IMPROVEMENT);
    }

    @Test
    void lessThroughputAndMoreFailuresShouldCountAsWorse() {
        Comparison comparison = Comparer.compare(List.of(run("b", 0.4, 20, 1000, 0, null)), List.of(run("c", 0.4, 20, 900, 1200, null)),
            Thresholds.DEFAULTS);

        assertThat(metric(comparison, Metric.THROUGHPUT_RPS).worseBy()).isEqualTo(10.0);
        assertThat(metric(comparison, Metric.THROUGHPUT_RPS).outcome()).isEqualTo(MetricVerdict.Outcome.REGRESSION);
        assertThat(metric(comparison, Metric.KO_PERCENT).worseBy()).as("points").isEqualTo(2.0);
        assertThat(metric(comparison, Metric.KO_PERCENT).outcome()).isEqualTo(MetricVerdict.Outcome.REGRESSION);
    }

    @Test
    void aRunWithoutProfileShouldLeaveTheCpuMetricUncompared() {
        Comparison comparison = Comparer.compare(runs(0.40, 0.41), List.of(run("c", null, 20, 1000, 0, null)), Thresholds.DEFAULTS);

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
            Thresholds.DEFAULTS);

        assertThat(comparison.eventLoopFrames().grew()).extracting(Comparison.FrameChange::frame)
            .containsExactly("java/util/ServiceLoader.load", "parse");
        assertThat(comparison.eventLoopFrames().grew().get(0).changePoints()).isEqualTo(40.0);
        assertThat(comparison.eventLoopFrames().shrank()).extracting(Comparison.FrameChange::frame).containsExactly("read");
        assertThat(comparison.eventLoopFrames().grew()).noneMatch(f -> f.frame().equals("serve"));
    }

    @Test
    void junitXmlShouldFailTheRegressedMetricOnly() {
        String xml = JUnitXml.of(Comparer.compare(runs(0.40), runs(0.60), Thresholds.DEFAULTS));

        assertThat(xml).contains("tests=\"4\" failures=\"1\"", "<testcase classname=\"mailbench.compare\" name=\"cpuMsPerRequest\">\n    <failure");
        assertThat(xml.split("<failure", -1)).hasSize(2);
    }
}
