package mailbench.bisect;

import java.util.List;
import java.util.Locale;

import mailbench.compare.PairedVerdict;

/**
 * One step's pair changes read into an {@link Answer}, against the midpoint between the two ends, half the night's effect:
 * DIFFERENT when the change (Hodges-Lehmann) is past the midpoint and the one-sided signed-rank test of the changes less
 * the midpoint says so at alpha, SAME when it is below and the mirrored test says so, UNKNOWN otherwise. The pairs a
 * step plans make the test's minimum detectable effect at most half the effect, so either end is found with the power the
 * night's rule has (80%).
 */
public record StepReading(Answer answer, double change, Double pValue, Double mde, int pairs, String note) {

    /** {@code unit}: "%" or " points", the unit of the changes and the effect. */
    public static StepReading of(List<Double> changes, double effect, double alpha, String unit) {
        double midpoint = effect / 2;
        int n = changes.size();
        double change = PairedVerdict.hodgesLehmann(changes);
        Double mde = PairedVerdict.mde(changes, alpha);
        String measured = String.format(Locale.ROOT, "%+.1f%s over %d pairs (Hodges-Lehmann), half the effect %.1f%s", change, unit, n,
            midpoint, unit);
        if (n < PairedVerdict.MIN_PAIRS) {
            return new StepReading(Answer.UNKNOWN, change, null, mde, n, measured + "; fewer than " + PairedVerdict.MIN_PAIRS
                + " pairs counted, no signed-rank test");
        }
        boolean above = change > midpoint;
        double p = PairedVerdict.signedRankP(changes.stream().map(c -> c - midpoint).toList(), above);
        String test = String.format(Locale.ROOT, "signed-rank p = %.3f that it is %s half the effect", p, above ? "past" : "below");
        String spread = mde == null ? "" : String.format(Locale.ROOT, ", the pairs could detect %.1f%s", mde, unit);
        if (p <= alpha) {
            Answer answer = above ? Answer.DIFFERENT : Answer.SAME;
            return new StepReading(answer, change, p, mde, n, (above ? "like the bad end: " : "like the good end: ") + measured + "; "
                + test + spread);
        }
        return new StepReading(Answer.UNKNOWN, change, p, mde, n, "like neither end yet: " + measured + "; " + test + " (at most "
            + alpha + " needed)" + spread);
    }
}
