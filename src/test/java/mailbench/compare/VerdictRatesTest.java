package mailbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class VerdictRatesTest {

    /** Runs that differ only in CPU ms per request: 1,000 req/s, p99 20 ms, no KO. */
    private static List<RunResult> runs(double... cpuMs) {
        List<RunResult> runs = new ArrayList<>();
        for (int i = 0; i < cpuMs.length; i++) {
            RunResult.Stats measured = new RunResult.Stats(60_000, 0, 1000, 2, 10, 20);
            runs.add(new RunResult("r" + i, "v", "completed", 500L, measured, Map.of("Search by text", measured), cpuMs[i], Map.of(), null,
                Map.of(), Map.of(), Map.of("cores", "2"), List.of(), 60_000L));
        }
        return runs;
    }

    private static VerdictRates.MetricRates cpu(VerdictRates.Rates rates) {
        return rates.metrics().stream().filter(m -> m.metric().equals(Metric.CPU_MS_PER_REQUEST.key())).findFirst().orElseThrow();
    }

    @Test
    void pairedNightsShouldCountEveryChoiceOfPairsAndWhatANightWouldAnswer() {
        // a drifting host (0.30 to 0.45), the current side 6% dearer in every pair, give or take 1%
        List<RunResult> base = runs(0.30, 0.33, 0.36, 0.39, 0.42, 0.45, 0.40);
        List<RunResult> current = runs(0.30 * 1.07, 0.33 * 1.05, 0.36 * 1.06, 0.39 * 1.07, 0.42 * 1.05, 0.45 * 1.06, 0.40 * 1.06);
        Thresholds night = new Thresholds(3, 3, 25, 1, 5, 0.05);

        VerdictRates.Rates rates = VerdictRates.paired(base, current, 6, night);

        assertThat(rates.mode()).isEqualTo("paired");
        assertThat(rates.comparisons()).as("C(7,6)").isEqualTo(7);
        assertThat(rates.anyRegression()).isEqualTo(7);
        assertThat(rates.nights()).containsEntry("regression", 7).containsEntry("no regression", 0).containsEntry("inconclusive", 0);
        assertThat(VerdictRates.paired(base, base, 6, night).anyRegression()).as("identical pairs").isZero();
        assertThatThrownBy(() -> VerdictRates.paired(base, current.subList(0, 6), 6, night)).hasMessageContaining("as many base runs");
    }

    @Test
    void subsetsShouldBeEveryChoiceOnce() {
        List<int[]> subsets = VerdictRates.subsets(5, 2);

        assertThat(subsets).hasSize(10);
        assertThat(subsets.get(0)).containsExactly(0, 1);
        assertThat(subsets.get(9)).containsExactly(3, 4);
    }

    @Test
    void anAaOfRunsThatOverlapShouldRaiseNoAlarm() {
        VerdictRates.Rates rates = VerdictRates.sameCode(runs(0.40, 0.42, 0.39, 0.41, 0.43, 0.40), 3, DefaultThresholds.VALUES);

        assertThat(rates.comparisons()).as("C(6,3) first sides, each against the one disjoint rest").isEqualTo(20);
        assertThat(rates.anyRegression()).isZero();
        assertThat(rates.anyImprovement()).isZero();
        assertThat(cpu(rates).noChange()).isEqualTo(20);
        assertThat(cpu(rates).medianMde()).isPositive();
    }

    @Test
    void anAaWithTwoClustersShouldCountTheSplitThatSeparatesThemBothWays() {
        // the same code in two moods (say a busy hour and a quiet one): the split along the moods is a false alarm
        VerdictRates.Rates rates = VerdictRates.sameCode(runs(0.30, 0.30, 0.31, 0.40, 0.40, 0.41), 3, DefaultThresholds.VALUES);

        assertThat(rates.anyRegression()).isEqualTo(1);
        assertThat(rates.anyImprovement()).isEqualTo(1);
        assertThat(cpu(rates).regressions() + cpu(rates).improvements() + cpu(rates).inconclusive() + cpu(rates).noChange())
            .isEqualTo(rates.comparisons());
    }

    @Test
    void anAbShouldCountEveryChoiceOfRunsFromEachSide() {
        VerdictRates.Rates rates = VerdictRates.between(runs(0.30, 0.31, 0.30), runs(0.45, 0.46, 0.44, 0.45), 3, DefaultThresholds.VALUES);

        assertThat(rates.mode()).isEqualTo("A/B");
        assertThat(rates.comparisons()).isEqualTo(4);
        assertThat(rates.anyRegression()).isEqualTo(4);
        assertThat(cpu(rates).regressions()).isEqualTo(4);
    }

    @Test
    void tooFewRunsShouldNameTheFix() {
        assertThatThrownBy(() -> VerdictRates.sameCode(runs(0.3, 0.3, 0.3, 0.3, 0.3), 3, DefaultThresholds.VALUES))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("5 runs cannot make two sides of 3");
        assertThatThrownBy(() -> VerdictRates.between(runs(0.3, 0.3), runs(0.3, 0.3, 0.3), 3, DefaultThresholds.VALUES))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("base has 2");
    }
}
