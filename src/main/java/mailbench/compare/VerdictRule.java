package mailbench.compare;

import java.util.function.Supplier;

/**
 * The one decision every comparison ends with, on runs a side ({@link Comparer}) or on pairs ({@link PairedVerdict}):
 * a change within the metric's threshold is NO_CHANGE; past it, a REGRESSION (or IMPROVEMENT) needs the change past
 * what the spread could detect (the minimum detectable effect) and the rank test's one-sided p at most alpha; anything
 * else is INCONCLUSIVE, and says why. The callers differ only in how they measure the change, the spread and p.
 */
final class VerdictRule {

    /** The outcome and the note that explains it. */
    record Decision(MetricVerdict.Outcome outcome, String note) {
    }

    /**
     * What was measured: the change in the worse direction ({@code worseBy}, percent or points), the threshold, the
     * minimum detectable effect (null with no spread) and how it reads ({@code spread}), and the test: its p and its
     * description, both null when there were too few runs for it, then {@code untested} says what the runs show.
     */
    record Measured(double worseBy, double allowed, Double mde, String unit, String spread, String whoseSpread, Double p,
                    String test) {
    }

    private VerdictRule() {
    }

    static Decision decide(Measured m, double alpha, Supplier<String> untested) {
        boolean worse = m.worseBy() > 0;
        double size = Math.abs(m.worseBy());
        if (!(size > m.allowed())) {
            return new Decision(MetricVerdict.Outcome.NO_CHANGE, m.mde() == null ? "within the threshold; " + m.spread()
                : withinAllowed(m.worseBy(), m.allowed(), m.mde(), m.unit(), m.whoseSpread()));
        }
        if (m.p() == null) {
            return new Decision(MetricVerdict.Outcome.INCONCLUSIVE, untested.get());
        }
        if (m.mde() != null && size > m.mde() && m.p() <= alpha) {
            return new Decision(worse ? MetricVerdict.Outcome.REGRESSION : MetricVerdict.Outcome.IMPROVEMENT, m.test() + "; " + m.spread());
        }
        return new Decision(MetricVerdict.Outcome.INCONCLUSIVE, (worse ? "worse" : "better") + " by " + Comparer.oneDecimal(size) + m.unit()
            + " but " + m.spread() + " (" + m.test() + "): run more pairs");
    }

    /**
     * The note of a change within the allowed one: "none larger than" the minimum detectable effect only when the measured
     * change is itself no larger; a change the runs can see but the threshold allows is named with its size.
     */
    static String withinAllowed(double worseBy, double allowed, double mde, String unit, String whose) {
        double size = Math.abs(worseBy);
        if (size <= mde) {
            return "none larger than " + Comparer.oneDecimal(mde) + unit + " (" + whose + " minimum detectable effect)";
        }
        return (worseBy > 0 ? "worse" : "better") + " by " + Comparer.oneDecimal(size) + unit + ", within the allowed "
            + Comparer.oneDecimal(allowed) + unit + " (" + whose + " minimum detectable effect is " + Comparer.oneDecimal(mde) + unit + ")";
    }
}
