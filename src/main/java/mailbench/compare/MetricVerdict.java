package mailbench.compare;

import java.util.List;

/**
 * One metric, base against current: the per-run values, their medians, the change in the worse
 * direction (percent of the base, or points for KO %), the rank test's p-value when there were
 * enough runs, and what that makes it.
 */
public record MetricVerdict(String metric, String label, List<Double> base, List<Double> current, Double baseMedian,
                            Double currentMedian, Double worseBy, double allowed, Double pValue, Outcome outcome, String note) {

    /** What the numbers say. */
    public enum Outcome { REGRESSION, IMPROVEMENT, NO_CHANGE, NOT_COMPARED }
}
