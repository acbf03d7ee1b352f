package mailbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The facade's CPU per request as the OS counted it (the profile's {@code targetCpuMs} over its requests) as a metric of
 * {@code compare}, read from run folders as a run writes them. The numbers are those of the 2026-11-24 client series
 * (opensearch-java 2.26.0 against 3.9.0), where the samples' estimate spread by 50% and the OS count by 1% or less.
 */
class ProcessCpuMetricTest {

    @TempDir
    Path dir;

    /** A finished run folder whose profile counted {@code targetCpuMs} for {@code requests} requests, {@code samples} samples of 10 ms. */
    private RunResult folder(String name, Long targetCpuMs, long requests, long samples) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        Files.writeString(run.resolve("run.json"), "{\"variant\":\"default\",\"status\":\"completed\",\"machine\":{\"speedProbeMs\":500}}");
        Files.writeString(run.resolve("summary.json"), "{\"measured\":{\"requests\":60000,\"ko\":0,\"rps\":1000,\"p50Ms\":2,\"p95Ms\":5,"
            + "\"p99Ms\":9},\"profile\":{\"status\":\"captured\",\"event\":\"itimer\",\"intervalMs\":10,\"samples\":" + samples
            + (targetCpuMs == null ? "" : ",\"targetCpuMs\":" + targetCpuMs) + ",\"requests\":" + requests
            + ",\"cpuMsPerRequest\":" + (samples * 10.0 / requests) + "}}");
        return RunResult.load(run);
    }

    private static MetricVerdict verdict(Comparison comparison, Metric metric) {
        return comparison.metrics().stream().filter(m -> m.metric().equals(metric.key())).findFirst().orElseThrow();
    }

    @Test
    void theOsCountShouldBeReadAsCpuTimeOverTheWindowsRequests() throws Exception {
        assertThat(folder("r", 17_475L, 50_003, 2_300).processCpuMsPerRequest()).isEqualTo(0.3495);
        assertThat(folder("older", null, 50_003, 2_300).processCpuMsPerRequest()).isNull();
    }

    @Test
    void aFivePercentChangeShouldBeTellableByTheOsCountWhereTheSamplesCannotTellIt() throws Exception {
        List<RunResult> base = List.of(folder("b1", 17_475L, 50_003, 2_300), folder("b2", 17_370L, 49_992, 1_456),
            folder("b3", 17_400L, 50_006, 1_498));
        List<RunResult> current = List.of(folder("c1", 18_193L, 50_004, 2_362), folder("c2", 18_204L, 49_996, 1_671),
            folder("c3", 18_382L, 50_002, 1_725));

        Comparison within = Comparer.compare(base, current, DefaultThresholds.VALUES);
        MetricVerdict counted = verdict(within, Metric.PROCESS_CPU_MS_PER_REQUEST);
        assertThat(counted.worseBy()).isBetween(4.5, 5.0);
        assertThat(counted.mde()).isLessThan(2.0);
        assertThat(counted.outcome()).isEqualTo(MetricVerdict.Outcome.NO_CHANGE);
        assertThat(verdict(within, Metric.CPU_MS_PER_REQUEST).mde()).isGreaterThan(50.0);

        Comparison strict = Comparer.compare(base, current, new Thresholds(3, 10, 25, 1, 5, 0.05));
        assertThat(verdict(strict, Metric.PROCESS_CPU_MS_PER_REQUEST).outcome()).isEqualTo(MetricVerdict.Outcome.REGRESSION);
        MetricVerdict samples = verdict(strict, Metric.CPU_MS_PER_REQUEST);
        assertThat(samples.outcome()).isEqualTo(MetricVerdict.Outcome.NOT_COMPARED);
        assertThat(samples.note()).startsWith("shown, not judged").contains("processCpuMsPerRequest", "could detect");
        assertThat(samples.worseBy()).as("still shown").isNotNull();
        assertThat(strict.inconclusive()).doesNotContain(Metric.CPU_MS_PER_REQUEST.key());
    }

    @Test
    void theSamplesAloneShouldNotMakeARegressionWhereTheOsCountSawNone() throws Exception {
        // the samples' figure +40% with the runs cleanly apart, the OS count of the same minutes unchanged
        List<RunResult> base = List.of(folder("b1", 17_475L, 50_000, 1_500), folder("b2", 17_370L, 50_000, 1_520),
            folder("b3", 17_400L, 50_000, 1_490));
        List<RunResult> current = List.of(folder("c1", 17_420L, 50_000, 2_100), folder("c2", 17_450L, 50_000, 2_120),
            folder("c3", 17_380L, 50_000, 2_090));

        Comparison comparison = Comparer.compare(base, current, DefaultThresholds.VALUES);

        assertThat(verdict(comparison, Metric.PROCESS_CPU_MS_PER_REQUEST).outcome()).isEqualTo(MetricVerdict.Outcome.NO_CHANGE);
        assertThat(verdict(comparison, Metric.CPU_MS_PER_REQUEST).outcome()).isEqualTo(MetricVerdict.Outcome.NOT_COMPARED);
        assertThat(verdict(comparison, Metric.CPU_MS_PER_REQUEST).note()).contains("the samples alone: Mann-Whitney U");
        assertThat(comparison.regression()).isFalse();
        assertThat(VerdictRates.between(base, current, 3, DefaultThresholds.VALUES).anyRegression()).isZero();
    }

    @Test
    void runsWithoutTheOsCountShouldStillBeJudgedOnTheSamples() throws Exception {
        List<RunResult> base = List.of(folder("b1", null, 50_000, 1_500), folder("b2", null, 50_000, 1_520),
            folder("b3", null, 50_000, 1_490));
        List<RunResult> current = List.of(folder("c1", 17_420L, 50_000, 2_100), folder("c2", 17_450L, 50_000, 2_120),
            folder("c3", 17_380L, 50_000, 2_090));

        Comparison comparison = Comparer.compare(base, current, DefaultThresholds.VALUES);

        assertThat(verdict(comparison, Metric.PROCESS_CPU_MS_PER_REQUEST).outcome()).isEqualTo(MetricVerdict.Outcome.NOT_COMPARED);
        assertThat(verdict(comparison, Metric.CPU_MS_PER_REQUEST).outcome()).isEqualTo(MetricVerdict.Outcome.REGRESSION);
        assertThat(comparison.regression()).isTrue();
    }
}
