package mailbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class PairedVerdictTest {

    private static final Thresholds THRESHOLDS = new Thresholds(3, 3, 25, 1, 5, 0.05);

    /** A host that drifts by a third across the night: each pair shares its moment. */
    private static final List<Double> DRIFTING_BASE = List.of(0.36, 0.41, 0.45, 0.48, 0.40, 0.37, 0.44);

    @Test
    void aSteadyChangeShouldBeARegressionInPairsThatTheUnpairedRuleCannotTellFromTheDrift() {
        List<Double> current = scaled(DRIFTING_BASE, 1.05, 0.004);

        MetricVerdict paired = PairedVerdict.of(Metric.PROCESS_CPU_MS_PER_REQUEST, DRIFTING_BASE, current, THRESHOLDS);
        MetricVerdict unpaired = Comparer.verdict(Metric.PROCESS_CPU_MS_PER_REQUEST, DRIFTING_BASE, current, THRESHOLDS);

        assertThat(paired.outcome()).as(paired.note()).isEqualTo(MetricVerdict.Outcome.REGRESSION);
        assertThat(paired.worseBy()).isCloseTo(5.0, within(0.6));
        assertThat(paired.mde()).isLessThan(2.0);
        assertThat(paired.pValue()).isLessThanOrEqualTo(0.05);
        assertThat(paired.note()).contains("Wilcoxon signed-rank over 7 pairs");
        assertThat(unpaired.outcome()).as(unpaired.note()).isEqualTo(MetricVerdict.Outcome.INCONCLUSIVE);
        assertThat(unpaired.mde()).isGreaterThan(10.0);
    }

    @Test
    void identicalSidesShouldBeNoChangeWithTheirMde() {
        List<Double> current = scaled(DRIFTING_BASE, 1.0, 0.006);

        MetricVerdict verdict = PairedVerdict.of(Metric.PROCESS_CPU_MS_PER_REQUEST, DRIFTING_BASE, current, THRESHOLDS);

        assertThat(verdict.outcome()).as(verdict.note()).isEqualTo(MetricVerdict.Outcome.NO_CHANGE);
        assertThat(verdict.mde()).isNotNull();
        assertThat(verdict.note()).startsWith("none larger than").contains("(the 7 pairs' minimum detectable effect)");
    }

    @Test
    void aChangeThePairsSeeButTheThresholdAllowsShouldBeNamedWithItsSize() {
        List<Double> current = scaled(DRIFTING_BASE, 1.005, 0.0005);

        MetricVerdict verdict = PairedVerdict.of(Metric.PROCESS_CPU_MS_PER_REQUEST, DRIFTING_BASE, current, THRESHOLDS);

        assertThat(verdict.outcome()).as(verdict.note()).isEqualTo(MetricVerdict.Outcome.NO_CHANGE);
        assertThat(verdict.mde()).isLessThan(0.5);
        assertThat(verdict.note()).startsWith("worse by 0.5%, within the allowed 3.0% (the 7 pairs' minimum detectable effect is")
            .doesNotContain("none larger than");
    }

    @Test
    void fewerThanFivePairsShouldNeverBeAVerdict() {
        List<Double> base = DRIFTING_BASE.subList(0, 4);
        MetricVerdict verdict = PairedVerdict.of(Metric.PROCESS_CPU_MS_PER_REQUEST, base, scaled(base, 1.2, 0), THRESHOLDS);

        assertThat(verdict.outcome()).isEqualTo(MetricVerdict.Outcome.INCONCLUSIVE);
        assertThat(verdict.note()).contains("fewer than 5 pairs, no signed-rank test");
    }

    @Test
    void anImprovementShouldMirrorARegression() {
        MetricVerdict verdict = PairedVerdict.of(Metric.THROUGHPUT_RPS, List.of(1000.0, 990.0, 1010.0, 1000.0, 995.0),
            List.of(1100.0, 1090.0, 1110.0, 1100.0, 1096.0), THRESHOLDS);

        assertThat(verdict.outcome()).isEqualTo(MetricVerdict.Outcome.IMPROVEMENT);
        assertThat(verdict.worseBy()).isNegative();
    }

    @Test
    void theEstimateShouldBeTheMedianOfThePairwiseMeans() {
        // Walsh averages of 1, 2, 9: 1, 1.5, 5, 2, 5.5, 9 -> median 3.5, away from the outlier's pull on the mean (4)
        assertThat(PairedVerdict.hodgesLehmann(List.of(1.0, 2.0, 9.0))).isEqualTo(3.5);
        assertThat(PairedVerdict.changes(Metric.THROUGHPUT_RPS, List.of(100.0), List.of(90.0))).containsExactly(10.0);
        assertThat(PairedVerdict.changes(Metric.KO_PERCENT, List.of(0.5), List.of(1.5))).containsExactly(1.0);
        assertThat(PairedVerdict.mde(List.of(1.0), 0.05)).isNull();
    }

    @Test
    void unequalSidesShouldNotBeCompared() {
        MetricVerdict verdict = PairedVerdict.of(Metric.P99_MS, List.of(1.0, 2.0), List.of(1.0), THRESHOLDS);
        assertThat(verdict.outcome()).isEqualTo(MetricVerdict.Outcome.NOT_COMPARED);
    }

    /** Each value times {@code factor}, give or take {@code noise} of it, alternating up and down. */
    private static List<Double> scaled(List<Double> values, double factor, double noise) {
        List<Double> scaled = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            scaled.add(values.get(i) * (factor + (i % 2 == 0 ? noise : -noise)));
        }
        return scaled;
    }
}
