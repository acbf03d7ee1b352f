package mailbench.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;

import org.apache.commons.statistics.descriptive.Median;

/**
 * How often the compare rule says what, over every comparison that can be drawn from a set of runs with a given
 * number of runs a side. Of the same code (A/A), every split into two disjoint sides, both ways round: any
 * regression or improvement is a false alarm. Of two versions (A/B), every choice of runs from each: a regression
 * (or an improvement) is a detection. The comparisons share runs, so they are not independent trials: the rates
 * say how the rule behaves on this spread, not a confidence interval. Only the metric verdicts are computed (no
 * flame graph diff), so thousands of comparisons take a second.
 */
public final class VerdictRates {

    /** Beyond this many comparisons the enumeration is refused: fewer runs or fewer runs a side answer the same question. */
    static final long MAX_COMPARISONS = 1_000_000;

    /** One metric's outcomes over all comparisons; the MDEs are over the comparisons that had one. */
    public record MetricRates(String metric, String label, int regressions, int improvements, int inconclusive, int noChange,
                              int notCompared, Double medianMde, Double maxMde) {
    }

    /**
     * {@code mode} "A/A", "A/B" or "paired"; {@code anyRegression}: comparisons with at least one metric a regression (the
     * verdict "regression"); {@code anyImprovement} likewise; {@code nights}: in paired mode, how many comparisons a night
     * would have answered each way ({@link NightVerdict}), empty otherwise.
     */
    public record Rates(String mode, int baseRuns, int currentRuns, int runsASide, int comparisons, int anyRegression,
                        int anyImprovement, List<MetricRates> metrics, Thresholds thresholds, Map<String, Integer> nights) {
    }

    private VerdictRates() {
    }

    /** A/A: every ordered pair of disjoint sides of {@code runsASide} runs each. */
    public static Rates sameCode(List<RunResult> runs, int runsASide, Thresholds thresholds) {
        require(runsASide >= 1, "--runs-a-side must be at least 1, got " + runsASide);
        require(runs.size() >= 2 * runsASide, "an A/A needs two disjoint sides: " + runs.size() + " runs cannot make two sides of "
            + runsASide + " (use fewer --runs-a-side or more runs)");
        List<int[]> sides = subsets(runs.size(), runsASide);
        require((long) sides.size() * sides.size() <= MAX_COMPARISONS, "too many comparisons; use fewer runs or fewer --runs-a-side");
        Tally tally = new Tally(thresholds);
        for (int[] a : sides) {
            for (int[] b : sides) {
                if (disjoint(a, b)) {
                    tally.add(pick(runs, a), pick(runs, b));
                }
            }
        }
        return tally.rates("A/A", runs.size(), runs.size(), runsASide);
    }

    /** A/B: every choice of {@code runsASide} base runs against every choice of as many current runs. */
    public static Rates between(List<RunResult> base, List<RunResult> current, int runsASide, Thresholds thresholds) {
        require(runsASide >= 1, "--runs-a-side must be at least 1, got " + runsASide);
        require(base.size() >= runsASide && current.size() >= runsASide, "each side needs " + runsASide + " runs; base has "
            + base.size() + ", current " + current.size());
        List<int[]> baseSides = subsets(base.size(), runsASide);
        List<int[]> currentSides = subsets(current.size(), runsASide);
        require((long) baseSides.size() * currentSides.size() <= MAX_COMPARISONS, "too many comparisons; use fewer runs or fewer --runs-a-side");
        Tally tally = new Tally(thresholds);
        for (int[] a : baseSides) {
            for (int[] b : currentSides) {
                tally.add(pick(base, a), pick(current, b));
            }
        }
        return tally.rates("A/B", base.size(), current.size(), runsASide);
    }

    /**
     * Paired: every choice of {@code pairsANight} of the pairs ({@code base.get(i)} with {@code current.get(i)}, a night's
     * pairs), judged by the paired rule, with the answer a night of those pairs would give. On identical code each
     * "regression" is a false alarm; with a known cost on one side, a detection.
     */
    public static Rates paired(List<RunResult> base, List<RunResult> current, int pairsANight, Thresholds thresholds) {
        require(pairsANight >= 1, "--pairs-a-night must be at least 1, got " + pairsANight);
        require(base.size() == current.size(), "paired runs need as many base runs as current runs, got " + base.size() + " and "
            + current.size());
        require(base.size() >= pairsANight, pairsANight + " pairs a night need at least as many pairs; there are " + base.size());
        List<int[]> nights = subsets(base.size(), pairsANight);
        require(nights.size() <= MAX_COMPARISONS, "too many comparisons; use fewer pairs or fewer --pairs-a-night");
        Tally tally = new Tally(thresholds, PairedVerdict::of);
        for (int[] night : nights) {
            tally.add(pick(base, night), pick(current, night));
        }
        return tally.rates("paired", base.size(), current.size(), pairsANight);
    }

    /** Counts of each metric's outcomes, and of comparisons with any regression or improvement. */
    private static final class Tally {
        private final Thresholds thresholds;
        private final Map<Metric, int[]> outcomes = new TreeMap<>();
        private final Map<Metric, List<Double>> mdes = new TreeMap<>();
        private int comparisons;
        private int anyRegression;
        private int anyImprovement;
        private final Comparer.MetricRule rule;
        private final Map<String, Integer> nights = new java.util.LinkedHashMap<>();

        Tally(Thresholds thresholds) {
            this(thresholds, null);
        }

        /** {@code rule}: the paired rule (then each comparison is also a night's answer), or null for the two-sample rule. */
        Tally(Thresholds thresholds, Comparer.MetricRule rule) {
            this.thresholds = thresholds;
            this.rule = rule;
            if (rule != null) {
                for (NightVerdict.Outcome answer : NightVerdict.Outcome.values()) {
                    nights.put(answer.text(), 0);
                }
            }
            for (Metric metric : Metric.values()) {
                outcomes.put(metric, new int[MetricVerdict.Outcome.values().length]);
                mdes.put(metric, new ArrayList<>());
            }
        }

        void add(List<RunResult> base, List<RunResult> current) {
            comparisons++;
            boolean regression = false;
            boolean improvement = false;
            List<MetricVerdict> verdicts = rule == null ? Comparer.metricVerdicts(base, current, thresholds)
                : Comparer.metricVerdicts(base, current, thresholds, rule);
            if (rule != null) {
                nights.merge(NightVerdict.of(verdicts).outcome().text(), 1, Integer::sum);
            }
            for (Metric metric : Metric.values()) {
                MetricVerdict verdict = verdicts.get(metric.ordinal());
                outcomes.get(metric)[verdict.outcome().ordinal()]++;
                if (verdict.mde() != null) {
                    mdes.get(metric).add(verdict.mde());
                }
                regression |= verdict.outcome() == MetricVerdict.Outcome.REGRESSION;
                improvement |= verdict.outcome() == MetricVerdict.Outcome.IMPROVEMENT;
            }
            anyRegression += regression ? 1 : 0;
            anyImprovement += improvement ? 1 : 0;
        }

        Rates rates(String mode, int baseRuns, int currentRuns, int runsASide) {
            List<MetricRates> metrics = new ArrayList<>();
            outcomes.forEach((metric, counts) -> {
                List<Double> values = mdes.get(metric);
                double[] array = values.stream().mapToDouble(Double::doubleValue).toArray();
                metrics.add(new MetricRates(metric.key(), metric.label(), counts[MetricVerdict.Outcome.REGRESSION.ordinal()],
                    counts[MetricVerdict.Outcome.IMPROVEMENT.ordinal()], counts[MetricVerdict.Outcome.INCONCLUSIVE.ordinal()],
                    counts[MetricVerdict.Outcome.NO_CHANGE.ordinal()], counts[MetricVerdict.Outcome.NOT_COMPARED.ordinal()],
                    array.length == 0 ? null : Comparer.round(Median.withDefaults().evaluate(array)),
                    array.length == 0 ? null : Comparer.round(Arrays.stream(array).max().getAsDouble())));
            });
            return new Rates(mode, baseRuns, currentRuns, runsASide, comparisons, anyRegression, anyImprovement, metrics, thresholds,
                Map.copyOf(nights));
        }
    }

    /** Every k-subset of 0..n-1 as sorted index arrays, in lexicographic order. */
    static List<int[]> subsets(int n, int k) {
        List<int[]> all = new ArrayList<>();
        collect(n, k, 0, new int[k], 0, (subset, size) -> all.add(subset.clone()));
        return all;
    }

    private static void collect(int n, int k, int from, int[] subset, int size, BiConsumer<int[], Integer> sink) {
        if (size == k) {
            sink.accept(subset, size);
            return;
        }
        for (int i = from; i <= n - (k - size); i++) {
            subset[size] = i;
            collect(n, k, i + 1, subset, size + 1, sink);
        }
    }

    private static boolean disjoint(int[] a, int[] b) {
        for (int x : a) {
            for (int y : b) {
                if (x == y) {
                    return false;
                }
            }
        }
        return true;
    }

    private static List<RunResult> pick(List<RunResult> runs, int[] indices) {
        List<RunResult> picked = new ArrayList<>(indices.length);
        for (int i : indices) {
            picked.add(runs.get(i));
        }
        return picked;
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
