package mailbench.compare;

import java.util.List;

/**
 * One metric, base against current: the per-run values, their medians, the change in the worse
 * direction (percent of the base, or points for KO %), the minimum detectable effect in the same
 * unit (null with one run on a side), the rank test's p-value when there were enough runs, and
 * what that makes it.
 */
public record MetricVerdict(String metric, String label, List<Double> base, List<Double> current, Double baseMedian,
                            Double currentMedian, Double worseBy, double allowed, Double mde, Double pValue, Outcome outcome,
                            String note) {

    /** What the numbers say; INCONCLUSIVE: past the threshold, but not shown beyond the runs' noise. */
    public enum Outcome { REGRESSION, IMPROVEMENT, NO_CHANGE, INCONCLUSIVE, NOT_COMPARED }

    MetricVerdict with(Outcome newOutcome, String newNote) {
        return new MetricVerdict(metric, label, base, current, baseMedian, currentMedian, worseBy, allowed, mde, pValue, newOutcome, newNote);
    }

    /** "%" or " points": the unit of worseBy, allowed and mde. */
    public String unit() {
        return Metric.KO_PERCENT.key().equals(metric) ? " points" : "%";
    }
}
