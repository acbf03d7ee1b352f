package mailbench.compare;

/**
 * When a change counts as a regression: how much worse the current runs' median may be than the
 * base runs' median, and, with at least {@link #MIN_RUNS_FOR_TEST} runs a side, how sure the rank
 * test must be (one-sided Mann-Whitney U, p at most {@code alpha}).
 */
public record Thresholds(double cpuIncreasePercent, double p99IncreasePercent, double koIncreasePoints,
                         double rpsDecreasePercent, double alpha) {

    public static final int MIN_RUNS_FOR_TEST = 3;
    public static final Thresholds DEFAULTS = new Thresholds(10, 25, 1, 5, 0.05);

    public Thresholds {
        if (cpuIncreasePercent < 0 || p99IncreasePercent < 0 || koIncreasePoints < 0 || rpsDecreasePercent < 0) {
            throw new IllegalArgumentException("thresholds must not be negative");
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("--alpha must be between 0 and 1, got " + alpha);
        }
    }
}
