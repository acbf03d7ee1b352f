package mailbench.compare;

import java.util.List;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The smallest change the run-to-run spread of both sides could have told from noise, one-sided at
 * alpha with power {@link #POWER}: (t_{1-alpha} + t_{power}) * s * sqrt(1/n + 1/m), s the pooled
 * standard deviation of the per-run values, as percent of the base median (points for KO %).
 * Student t with n+m-2 degrees of freedom rather than the normal z: with 3 runs a side z
 * understates the quantiles by a quarter, and a measured A/A series then passes as a regression.
 */
final class MinimumDetectableEffect {

    static final double POWER = 0.8;

    private MinimumDetectableEffect() {
    }

    /** Null when a side has a single run (no spread) or a relative metric's base median is 0. */
    static Double of(Metric metric, List<Double> base, List<Double> current, double baseMedian, double alpha) {
        int n = base.size();
        int m = current.size();
        if (n < 2 || m < 2 || (!metric.absolute() && baseMedian == 0)) {
            return null;
        }
        double pooled = Math.sqrt(((n - 1) * variance(base) + (m - 1) * variance(current)) / (n + m - 2));
        double s = metric.absolute() ? pooled : 100.0 * pooled / Math.abs(baseMedian);
        TDistribution t = TDistribution.of(n + m - 2);
        double quantiles = t.inverseSurvivalProbability(alpha) + t.inverseCumulativeProbability(POWER);
        return quantiles * s * Math.sqrt(1.0 / n + 1.0 / m);
    }

    private static double variance(List<Double> values) {
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        return values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / (values.size() - 1);
    }
}
