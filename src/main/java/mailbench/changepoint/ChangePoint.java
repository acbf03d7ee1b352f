package mailbench.changepoint;

/**
 * One change point of a series: from {@code index} on (0-based, the first value of the new level) the values sit at
 * another level. {@code before} and {@code after} are the means of the segments either side, each up to the neighbouring
 * change point or the series' end; {@code stepPercent} is the step as a percent of {@code before} (0 when that is 0);
 * {@code pValue} is the permutation test's p when the split was accepted.
 */
public record ChangePoint(int index, double before, double after, double stepPercent, Direction direction, double pValue) {

    /** Whether the step made the metric worse or better, by the metric's own direction. */
    public enum Direction {
        WORSE, BETTER
    }
}
