package mailbench.compare;

import java.util.List;
import java.util.Map;

/**
 * comparison.json: the verdict, what was compared and every number behind it; {@code inconclusive}
 * names the metrics past their threshold but not beyond the noise (they do not make a regression),
 * {@code differences} what else differs between the sides, {@code pairing} whether run i of each side was a pair.
 */
public record Comparison(
    String verdict,
    Thresholds thresholds,
    List<String> baseRuns,
    List<String> currentRuns,
    String baseVariant,
    String currentVariant,
    List<MetricVerdict> metrics,
    Map<String, Map<String, Map<String, Double>>> requests,
    Map<String, Double> baseThreadGroups,
    Map<String, Double> currentThreadGroups,
    FrameChanges eventLoopFrames,
    FrameChanges wholeJvmFrames,
    AllocationChanges allocationFrames,
    List<String> inconclusive,
    List<Difference> differences,
    String pairing) {

    public static final String REGRESSION = "regression";
    public static final String NO_REGRESSION = "no regression";
    /** The sides' runs judged as two samples (Mann-Whitney U): runs made one after the other, or stored. */
    public static final String UNPAIRED = "unpaired";
    /** Run i of each side made together (a duet round, an interleaved pair): judged on the pairs' changes (signed-rank). */
    public static final String PAIRED = "paired";

    /**
     * A method's share of samples (anywhere on the stack) before and after, and the change in points; and, when both
     * sides have CPU per request, what the method costs per request (median over the side's runs, microseconds of CPU),
     * the change, and whether it lies beyond the run-to-run spread (the widest range of one side's runs; null with one
     * run a side). Shares move when another frame grows; microseconds per request move only when this one does.
     */
    public record FrameChange(String frame, double basePercent, double currentPercent, double changePoints, Double baseUsPerRequest,
                              Double currentUsPerRequest, Double changeUsPerRequest, Boolean beyondSpread) {

        public FrameChange(String frame, double basePercent, double currentPercent, double changePoints) {
            this(frame, basePercent, currentPercent, changePoints, null, null, null, null);
        }
    }

    /**
     * A method's share of the sampled heap allocation bytes (anywhere on the stack, any facade thread) before and after,
     * and the change in points; and, when both sides have their allocated bytes per request, the bytes per request the
     * method allocates (its share times the run's {@code allocatedBytesPerRequest}, median over the side's runs), the
     * change, and whether it lies beyond the run-to-run spread, as {@link FrameChange} has it for CPU.
     */
    public record AllocationChange(String frame, double basePercent, double currentPercent, double changePoints,
                                   Double baseBytesPerRequest, Double currentBytesPerRequest, Double changeBytesPerRequest,
                                   Boolean beyondSpread) {
    }

    /**
     * The methods whose heap allocation per request grew and shrank most, over the whole JVM (allocation samples are too
     * few per thread group); {@code notAvailable} says why there is no list (a run without the allocation profile).
     */
    public record AllocationChanges(String notAvailable, List<AllocationChange> grew, List<AllocationChange> shrank) {
    }

    /** A version, knob or machine fact with other values on one side than on the other. */
    public record Difference(String what, String base, String current) {
    }

    /** The methods that grew and shrank most. */
    public record FrameChanges(List<FrameChange> grew, List<FrameChange> shrank) {
    }

    public boolean regression() {
        return REGRESSION.equals(verdict);
    }

    /**
     * For the verdict line: "; inconclusive, run more pairs: facade CPU ms per request worse by 17.1% (this spread detects
     * 20.0%)", or nothing. A "no regression" beside a change past its threshold that the runs could not tell from noise
     * must not read as a clean bill.
     */
    public String inconclusiveNote() {
        if (inconclusive.isEmpty()) {
            return "";
        }
        return metrics.stream().filter(m -> m.outcome() == MetricVerdict.Outcome.INCONCLUSIVE)
            .map(m -> String.format(java.util.Locale.ROOT, "%s %s by %.1f%% (this spread detects %s)", m.label(),
                m.worseBy() < 0 ? "better" : "worse", Math.abs(m.worseBy()),
                m.mde() == null ? "nothing: one run a side" : String.format(java.util.Locale.ROOT, "%.1f%%", m.mde())))
            .collect(java.util.stream.Collectors.joining("; ", "; inconclusive, run more pairs: ", ""));
    }
}
