package mailbench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A night's answer, in three: REGRESSION (a metric is worse beyond its threshold, its spread and the test), NO_REGRESSION
 * (nothing is, and the facade's CPU and allocation per request could each have shown a change of their threshold's
 * size: their minimum detectable effect is within it), or INCONCLUSIVE (neither: a change past a threshold the pairs
 * cannot yet tell from noise, or too wide a spread to promise the threshold). CPU and allocation per request are what
 * the night is calibrated on; p99, KO and throughput can make a regression but their spread does not hold a night open.
 */
public record NightVerdict(Outcome outcome, List<String> open, List<String> detectable) {

    public enum Outcome {
        REGRESSION("regression"), NO_REGRESSION("no regression"), INCONCLUSIVE("inconclusive");

        private final String text;

        Outcome(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /**
     * The metrics whose power a "no change" promises: the judged CPU figure (the request path's OS count where every run
     * has it, else the process's: {@link Comparer#judgedCpu}) and allocation.
     */
    public static List<String> powerMetrics(List<MetricVerdict> metrics) {
        return List.of(Comparer.judgedCpu(metrics).key(), Metric.ALLOCATED_BYTES_PER_REQUEST.key());
    }

    public static NightVerdict of(Comparison comparison) {
        return of(comparison.metrics());
    }

    /** From the metric verdicts alone (a regression is a metric's). */
    public static NightVerdict of(List<MetricVerdict> metrics) {
        List<String> open = new ArrayList<>();
        List<String> detectable = new ArrayList<>();
        boolean regression = false;
        List<String> power = powerMetrics(metrics);
        for (MetricVerdict metric : metrics) {
            regression |= metric.outcome() == MetricVerdict.Outcome.REGRESSION;
            if (metric.mde() != null && metric.outcome() != MetricVerdict.Outcome.NOT_COMPARED) {
                detectable.add(String.format(Locale.ROOT, "%s %.1f%s", metric.metric(), metric.mde(), metric.unit()));
            }
            if (!power.contains(metric.metric())) {
                continue;
            }
            if (metric.outcome() == MetricVerdict.Outcome.INCONCLUSIVE) {
                open.add(String.format(Locale.ROOT, "%s %s by %.1f%s, past its threshold of %.1f%s but not beyond the noise",
                    metric.metric(), metric.worseBy() < 0 ? "better" : "worse", Math.abs(metric.worseBy()), metric.unit(),
                    metric.allowed(), metric.unit()));
            } else if (metric.outcome() != MetricVerdict.Outcome.NOT_COMPARED && (metric.mde() == null || metric.mde() > metric.allowed())) {
                open.add(metric.mde() == null ? metric.metric() + " has no spread yet"
                    : String.format(Locale.ROOT, "%s could detect %.1f%s, not its threshold of %.1f%s", metric.metric(), metric.mde(),
                        metric.unit(), metric.allowed(), metric.unit()));
            }
        }
        Outcome outcome = regression ? Outcome.REGRESSION : open.isEmpty() ? Outcome.NO_REGRESSION : Outcome.INCONCLUSIVE;
        return new NightVerdict(outcome, List.copyOf(open), List.copyOf(detectable));
    }

    /**
     * A night that counted fewer pairs than {@code --min-pairs} (its time budget or its attempts ran out first) gives no
     * verdict, whatever its pairs read: the minimum is the promise of how many pairs any verdict rests on. What they read
     * stays in {@link #open()}.
     */
    public NightVerdict requireCounted(int counted, int minPairs) {
        if (counted >= minPairs) {
            return this;
        }
        List<String> why = new ArrayList<>();
        why.add(String.format(Locale.ROOT, "%d pairs counted, fewer than the %d --min-pairs asks for before a verdict (alone they"
            + " read %s)", counted, minPairs, outcome.text()));
        why.addAll(open);
        return new NightVerdict(Outcome.INCONCLUSIVE, List.copyOf(why), detectable);
    }

    /** Why another pair could help, or null when the night is decided. */
    public String undecided() {
        return outcome == Outcome.INCONCLUSIVE ? String.join("; ", open) : null;
    }
}
