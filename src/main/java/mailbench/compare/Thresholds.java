package mailbench.compare;

/**
 * When a change counts as a regression: how much worse the current runs' median may be than the
 * base runs' median, and, with at least {@link #MIN_RUNS_FOR_TEST} runs a side, how sure the rank
 * test must be (one-sided Mann-Whitney U, p at most {@code alpha}).
 */
public record Thresholds(double cpuIncreasePercent, double allocationIncreasePercent, double p99IncreasePercent,
                         double koIncreasePoints, double rpsDecreasePercent, double alpha) {

    public static final int MIN_RUNS_FOR_TEST = 3;
    public static final double DEFAULT_ALLOCATION_INCREASE_PERCENT = 10;

    public Thresholds {
        if (!(allocationIncreasePercent >= 0)) {
            throw new IllegalArgumentException("--max-allocation-increase must be 0 or more (percent), got " + allocationIncreasePercent);
        }
        if (cpuIncreasePercent < 0 || p99IncreasePercent < 0 || koIncreasePoints < 0 || rpsDecreasePercent < 0) {
            throw new IllegalArgumentException("thresholds must not be negative");
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("--alpha must be between 0 and 1, got " + alpha);
        }
    }

    /** With the default threshold for allocation bytes per request. */
    public Thresholds(double cpuIncreasePercent, double p99IncreasePercent, double koIncreasePoints, double rpsDecreasePercent,
                      double alpha) {
        this(cpuIncreasePercent, DEFAULT_ALLOCATION_INCREASE_PERCENT, p99IncreasePercent, koIncreasePoints, rpsDecreasePercent, alpha);
    }
}
