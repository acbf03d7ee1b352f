package mailbench.compare;

/** The thresholds {@code compare}, {@code nightly} and {@code pairs} apply when no option is given (cli.ThresholdOptions). */
public final class DefaultThresholds {

    public static final Thresholds VALUES = new Thresholds(10, 10, 25, 1, 5, 0.05);

    private DefaultThresholds() {
    }
}
