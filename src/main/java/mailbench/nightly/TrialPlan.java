package mailbench.nightly;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

import mailbench.compare.ToolError;

/**
 * The order and the number of a comparison's pairs, whatever the design that makes them: {@code minPairs} pairs in
 * the {@link TrialOrder}, then, while the pairs so far leave the question open, one more pair at a time until
 * {@code maxPairs} or until the time budget has no room for another (the slowest pair so far). The budget counts from
 * {@code startedNanos} (the job's start, builds and node included); the first {@code minPairs} always run.
 */
final class TrialPlan {

    /** What the plan is told; {@code seed} draws the random order (recorded with the night). */
    record Settings(int minPairs, int maxPairs, Duration budget, TrialOrder order, long seed) {

        Settings {
            if (minPairs < 1 || minPairs > 100) {
                throw new ToolError("--min-pairs must be between 1 and 100, got " + minPairs);
            }
            if (maxPairs < minPairs || maxPairs > 100) {
                throw new ToolError("--max-pairs must be between --min-pairs (" + minPairs + ") and 100, got " + maxPairs);
            }
            if (budget.isNegative() || budget.isZero()) {
                throw new ToolError("--max-minutes must be positive, got " + budget.toMinutes());
            }
        }

        /** How the pair count reads in progress lines: "5", or "5-12" when the plan may add pairs. */
        String pairs() {
            return minPairs == maxPairs ? Integer.toString(minPairs) : minPairs + "-" + maxPairs;
        }
    }

    /** The pairs made, and why no more were. */
    record Outcome(List<Trial> trials, String stoppedBecause) {
    }

    private final Settings settings;
    private final long startedNanos;

    TrialPlan(Settings settings, long startedNanos) {
        this.settings = settings;
        this.startedNanos = startedNanos;
    }

    /** {@code undecided}: whether the pairs so far leave the question open (then another pair may run), and why. */
    Outcome run(TrialRunner runner, Function<List<Trial>, String> undecided, Consumer<String> say)
        throws InterruptedException, IOException {
        List<Trial> trials = new ArrayList<>();
        String stopped = settings.minPairs() == settings.maxPairs() ? settings.minPairs() + " pairs, as asked" : null;
        for (int pair = 1; pair <= settings.maxPairs(); pair++) {
            if (pair > settings.minPairs()) {
                String open = undecided.apply(trials);
                if (open == null) {
                    stopped = "decided after " + trials.size() + " pairs";
                    break;
                }
                Duration elapsed = Duration.ofNanos(System.nanoTime() - startedNanos);
                Duration next = slowest(trials);
                if (elapsed.plus(next).compareTo(settings.budget()) > 0) {
                    stopped = "undecided after " + trials.size() + " pairs (" + open + ") and the time budget of "
                        + settings.budget().toMinutes() + " min has no room for another pair (" + elapsed.toMinutes()
                        + " min gone, a pair takes up to " + minutes(next) + " min)";
                    break;
                }
                say.accept("undecided after " + trials.size() + " pairs (" + open + "): one more pair");
            }
            trials.add(runner.run(pair, settings.order().baseFirst(pair, settings.seed())));
        }
        if (stopped == null) {
            String open = undecided.apply(trials);
            stopped = open == null ? "decided after " + trials.size() + " pairs"
                : "undecided after " + trials.size() + " pairs (" + open + "), the most --max-pairs allows";
        }
        return new Outcome(List.copyOf(trials), stopped);
    }

    static Duration slowest(List<Trial> trials) {
        return trials.stream().map(Trial::took).max(Duration::compareTo).orElse(Duration.ZERO);
    }

    private static String minutes(Duration duration) {
        return String.format(java.util.Locale.ROOT, "%.1f", duration.toMillis() / 60_000.0);
    }
}
