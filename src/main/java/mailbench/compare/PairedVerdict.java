package mailbench.compare;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.WilcoxonSignedRankTest;

/**
 * The compare rule on pairs of runs made together: the two sides of one duet round (the same seconds), or the two runs
 * of one interleaved pair (the same quarter hour). Each pair gives one change, current against its own base, so the
 * host's drift between pairs falls out; the verdict reads those changes. Their size is the Hodges-Lehmann estimate
 * (the median of the pairwise means of the changes), the spread's minimum detectable effect is
 * (t_{1-alpha} + t_{power}) * sd / sqrt(n) with n-1 degrees of freedom, and the test is the one-sided Wilcoxon
 * signed-rank test (exact for these sizes). A REGRESSION needs the three as {@link Comparer} has them: past the
 * threshold, past the MDE, p at most alpha; with fewer than {@link #MIN_PAIRS} pairs the smallest exact p (1/16 with
 * four) cannot reach 0.05, so there is no verdict, only INCONCLUSIVE past the threshold.
 */
public final class PairedVerdict {

    /** The fewest pairs whose exact one-sided signed-rank p can reach 0.05 (1/32 with five pairs of one sign). */
    public static final int MIN_PAIRS = 5;

    private PairedVerdict() {
    }

    /** {@code base.get(i)} and {@code current.get(i)} are pair i. */
    static MetricVerdict of(Metric metric, List<Double> base, List<Double> current, Thresholds thresholds) {
        double allowed = metric.allowed(thresholds);
        if (base.isEmpty() || current.isEmpty() || base.size() != current.size()) {
            return new MetricVerdict(metric.key(), metric.label(), base, current, null, null, null, allowed, null, null,
                MetricVerdict.Outcome.NOT_COMPARED, "not in every run of every pair (" + base.size() + " base, " + current.size()
                + " current values)");
        }
        List<Double> changes = changes(metric, base, current);
        if (changes == null) {
            return new MetricVerdict(metric.key(), metric.label(), base, current, null, null, null, allowed, null, null,
                MetricVerdict.Outcome.NOT_COMPARED, "a base run has 0: no change in percent of it");
        }
        int n = changes.size();
        double worseBy = hodgesLehmann(changes);
        Double mde = mde(changes, thresholds.alpha());
        String unit = metric.absolute() ? " points" : "%";
        String spread = mde == null ? "one pair: no spread, so no minimum detectable effect"
            : "the pairs' spread could detect " + Comparer.oneDecimal(mde) + unit;
        boolean worse = worseBy > 0;
        double size = Math.abs(worseBy);
        Double p = null;
        String test = null;
        if (size > allowed && n >= MIN_PAIRS) {
            p = signedRankP(changes, worse);
            test = "Wilcoxon signed-rank over " + n + " pairs, one-sided p = " + Comparer.round(p);
        }
        VerdictRule.Decision decision = VerdictRule.decide(new VerdictRule.Measured(worseBy, allowed, mde, unit, spread,
            "the " + n + " pairs'", p, test), thresholds.alpha(), () -> (worse ? "worse" : "better") + " by " + Comparer.oneDecimal(size)
                + unit + " but fewer than " + MIN_PAIRS + " pairs, no signed-rank test; " + spread + ": run more pairs");
        MetricVerdict.Outcome outcome = decision.outcome();
        String note = decision.note();
        return new MetricVerdict(metric.key(), metric.label(), base, current, Comparer.round(Comparer.median(base)),
            Comparer.round(Comparer.median(current)), Comparer.round(worseBy), allowed, mde == null ? null : Comparer.round(mde),
            p == null ? null : Comparer.round(p), outcome, note);
    }

    /** Each pair's change in the worse direction: percent of its own base, or points; null when a base is 0. */
    public static List<Double> changes(Metric metric, List<Double> base, List<Double> current) {
        List<Double> changes = new ArrayList<>(base.size());
        for (int i = 0; i < base.size(); i++) {
            double from = base.get(i);
            double to = current.get(i);
            if (!metric.absolute() && from == 0) {
                return null;
            }
            double change = metric.absolute() ? to - from : 100.0 * (to - from) / from;
            changes.add(metric.higherIsWorse() ? change : -change);
        }
        return changes;
    }

    /** The median of all pairwise means (i <= j) of the changes: the signed-rank test's own estimate of their centre. */
    public static double hodgesLehmann(List<Double> changes) {
        List<Double> means = new ArrayList<>();
        for (int i = 0; i < changes.size(); i++) {
            for (int j = i; j < changes.size(); j++) {
                means.add((changes.get(i) + changes.get(j)) / 2);
            }
        }
        return Comparer.median(means);
    }

    /** The minimum detectable effect of the pairs' changes; null with one pair: no spread. */
    public static Double mde(List<Double> changes, double alpha) {
        int n = changes.size();
        if (n < 2) {
            return null;
        }
        double mean = changes.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double variance = changes.stream().mapToDouble(c -> (c - mean) * (c - mean)).sum() / (n - 1);
        return mde(Math.sqrt(variance), n, alpha);
    }

    /** The minimum detectable effect of {@code n} pairs whose changes spread by {@code sd} (n at least 2). */
    public static double mde(double sd, int n, double alpha) {
        TDistribution t = TDistribution.of(n - 1);
        double quantiles = t.inverseSurvivalProbability(alpha) + t.inverseCumulativeProbability(MinimumDetectableEffect.POWER);
        return quantiles * sd / Math.sqrt(n);
    }

    /** The one-sided Wilcoxon signed-rank p that the changes lie above 0 ({@code above}) or below it. */
    public static double signedRankP(List<Double> changes, boolean above) {
        return WilcoxonSignedRankTest.withDefaults().with(above ? AlternativeHypothesis.GREATER_THAN : AlternativeHypothesis.LESS_THAN)
            .test(array(changes)).getPValue();
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
