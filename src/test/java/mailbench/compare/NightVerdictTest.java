package mailbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import mailbench.compare.MetricVerdict.Outcome;

class NightVerdictTest {

    @Test
    void aNightWhosePowerMetricsCouldSeeTheirThresholdShouldBeNoRegression() {
        NightVerdict verdict = NightVerdict.of(comparison(false, metric(Metric.PROCESS_CPU_MS_PER_REQUEST, Outcome.NO_CHANGE, 0.4, 1.8),
            metric(Metric.ALLOCATED_BYTES_PER_REQUEST, Outcome.NO_CHANGE, 0.1, 0.5), metric(Metric.P99_MS, Outcome.INCONCLUSIVE, 30, 80)));

        assertThat(verdict.outcome()).isEqualTo(NightVerdict.Outcome.NO_REGRESSION);
        assertThat(verdict.undecided()).isNull();
        assertThat(verdict.detectable()).containsExactly("processCpuMsPerRequest 1.8%", "allocatedBytesPerRequest 0.5%", "p99Ms 80.0%");
    }

    @Test
    void aSpreadWiderThanTheThresholdShouldLeaveTheNightOpen() {
        NightVerdict verdict = NightVerdict.of(comparison(false, metric(Metric.PROCESS_CPU_MS_PER_REQUEST, Outcome.NO_CHANGE, 1.0, 4.2),
            metric(Metric.ALLOCATED_BYTES_PER_REQUEST, Outcome.NO_CHANGE, 0.1, 0.5)));

        assertThat(verdict.outcome()).isEqualTo(NightVerdict.Outcome.INCONCLUSIVE);
        assertThat(verdict.undecided()).isEqualTo("processCpuMsPerRequest could detect 4.2%, not its threshold of 3.0%");
    }

    @Test
    void aChangePastTheThresholdButNotTheNoiseShouldLeaveTheNightOpen() {
        NightVerdict verdict = NightVerdict.of(comparison(false, metric(Metric.PROCESS_CPU_MS_PER_REQUEST, Outcome.INCONCLUSIVE, 3.5, 2.0),
            metric(Metric.ALLOCATED_BYTES_PER_REQUEST, Outcome.NO_CHANGE, 0.1, 0.5)));

        assertThat(verdict.outcome()).isEqualTo(NightVerdict.Outcome.INCONCLUSIVE);
        assertThat(verdict.open()).containsExactly("processCpuMsPerRequest worse by 3.5%, past its threshold of 3.0% but not beyond the noise");
    }

    @Test
    void aRegressionShouldDecideTheNight() {
        NightVerdict verdict = NightVerdict.of(comparison(true, metric(Metric.PROCESS_CPU_MS_PER_REQUEST, Outcome.REGRESSION, 5.1, 1.9)));
        assertThat(verdict.outcome()).isEqualTo(NightVerdict.Outcome.REGRESSION);
        assertThat(verdict.undecided()).isNull();
    }

    @Test
    void fewerCountedPairsThanTheMinimumShouldGiveNoVerdictWhateverThePairsRead() {
        NightVerdict noChange = NightVerdict.of(comparison(false, metric(Metric.PROCESS_CPU_MS_PER_REQUEST, Outcome.NO_CHANGE, 0.9, 2.9),
            metric(Metric.ALLOCATED_BYTES_PER_REQUEST, Outcome.NO_CHANGE, 0.1, 0.5)));
        NightVerdict regression = NightVerdict.of(comparison(true, metric(Metric.PROCESS_CPU_MS_PER_REQUEST, Outcome.REGRESSION, 5.1, 1.9)));

        assertThat(noChange.requireCounted(5, 6).outcome()).isEqualTo(NightVerdict.Outcome.INCONCLUSIVE);
        assertThat(noChange.requireCounted(5, 6).undecided())
            .isEqualTo("5 pairs counted, fewer than the 6 --min-pairs asks for before a verdict (alone they read no regression)");
        assertThat(regression.requireCounted(4, 6).outcome()).isEqualTo(NightVerdict.Outcome.INCONCLUSIVE);
        assertThat(noChange.requireCounted(6, 6)).isEqualTo(noChange);
        assertThat(regression.requireCounted(7, 6).outcome()).isEqualTo(NightVerdict.Outcome.REGRESSION);
    }

    @Test
    void theRequestPathsSpreadShouldBeWhatANoRegressionPromisesWhereItIsJudged() {
        NightVerdict verdict = NightVerdict.of(comparison(false,
            metric(Metric.REQUEST_PATH_CPU_MS_PER_REQUEST, Outcome.NO_CHANGE, 0.4, 1.9),
            metric(Metric.PROCESS_CPU_MS_PER_REQUEST, Outcome.NOT_COMPARED, 2.0, 6.5),
            metric(Metric.ALLOCATED_BYTES_PER_REQUEST, Outcome.NO_CHANGE, 0.1, 0.5)));

        assertThat(verdict.outcome()).isEqualTo(NightVerdict.Outcome.NO_REGRESSION);
        assertThat(verdict.detectable()).containsExactly("requestPathCpuMsPerRequest 1.9%", "allocatedBytesPerRequest 0.5%");
    }

    @Test
    void aWideRequestPathShouldLeaveTheNightOpenWhateverTheProcessCountSays() {
        NightVerdict verdict = NightVerdict.of(comparison(false,
            metric(Metric.REQUEST_PATH_CPU_MS_PER_REQUEST, Outcome.NO_CHANGE, 0.4, 3.6),
            metric(Metric.PROCESS_CPU_MS_PER_REQUEST, Outcome.NOT_COMPARED, 0.2, 1.0),
            metric(Metric.ALLOCATED_BYTES_PER_REQUEST, Outcome.NO_CHANGE, 0.1, 0.5)));

        assertThat(verdict.outcome()).isEqualTo(NightVerdict.Outcome.INCONCLUSIVE);
        assertThat(verdict.undecided()).isEqualTo("requestPathCpuMsPerRequest could detect 3.6%, not its threshold of 3.0%");
    }

    private static MetricVerdict metric(Metric metric, Outcome outcome, double worseBy, double mde) {
        double allowed = switch (metric) {
            case P99_MS -> 25;
            default -> 3;
        };
        return new MetricVerdict(metric.key(), metric.label(), List.of(1.0), List.of(1.0), 1.0, 1.0, worseBy, allowed, mde, null, outcome, "");
    }

    private static Comparison comparison(boolean regression, MetricVerdict... metrics) {
        return new Comparison(regression ? Comparison.REGRESSION : Comparison.NO_REGRESSION, DefaultThresholds.VALUES, List.of(), List.of(),
            "default", "default", List.of(metrics), Map.of(), Map.of(), Map.of(), null, null, null, List.of(), List.of(), Comparison.PAIRED);
    }
}
