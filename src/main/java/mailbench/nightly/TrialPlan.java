package mailbench.nightly;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import mailbench.errors.ToolError;

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

    /** The pairs counted, the pairs made but not counted (each says why), and why no more were made. */
    record Outcome(List<Trial> trials, List<Trial> notCounted, String stoppedBecause) {

        Outcome(List<Trial> trials, String stoppedBecause) {
            this(trials, List.of(), stoppedBecause);
        }
    }

    private final Settings settings;
    private final long startedNanos;

    TrialPlan(Settings settings, long startedNanos) {
        this.settings = settings;
        this.startedNanos = startedNanos;
    }

    /** Every pair counts: a comparison made of fixed pairs ({@code pairs}). */
    Outcome run(TrialRunner runner, Function<List<Trial>, String> undecided, Consumer<String> say)
        throws InterruptedException, IOException {
        return run(runner, List.of(), UnaryOperator.identity(), undecided, say);
    }

    /**
     * {@code check}: the pair with the night's judgement of whether it counts ({@link Trial#notCounted()}); a pair not
     * counted is replaced while the time budget has room (the first {@code minPairs} made always run), so the minimum and
     * the maximum are of counted pairs. {@code undecided}: whether the counted pairs so far leave the question open (then
     * another pair may run), and why. {@code carried}: counted pairs made before the plan's (a duet's last fit pair), its
     * first pairs.
     */
    Outcome run(TrialRunner runner, List<Trial> carried, UnaryOperator<Trial> check, Function<List<Trial>, String> undecided,
                Consumer<String> say) throws InterruptedException, IOException {
        List<Trial> made = new ArrayList<>(carried);
        List<Trial> counted = new ArrayList<>(carried);
        carried.forEach(trial -> say.accept("pair " + trial.index() + " is the last fit pair: it ran with the chosen rate and"
            + " warm-up and counts"));
        String stopped = null;
        int attempts = Math.min(100, 2 * settings.maxPairs());
        while (stopped == null) {
            if (counted.size() >= settings.minPairs()) {
                String open = settings.minPairs() == settings.maxPairs() ? null : undecided.apply(counted);
                if (open == null) {
                    stopped = settings.minPairs() == settings.maxPairs() ? counted.size() + " pairs, as asked"
                        : "decided after " + counted.size() + " pairs";
                    break;
                }
                if (counted.size() >= settings.maxPairs()) {
                    stopped = "undecided after " + counted.size() + " pairs (" + open + "), the most --max-pairs allows";
                    break;
                }
                stopped = noRoom(made, counted, open);
                if (stopped == null) {
                    say.accept("undecided after " + counted.size() + " pairs (" + open + "): one more pair");
                }
            } else if (made.size() >= settings.minPairs()) {
                stopped = noRoom(made, counted, (settings.minPairs() - counted.size()) + " more counted pairs needed");
            }
            if (stopped == null && made.size() >= attempts) {
                stopped = counted.size() + " pairs counted of " + made.size() + " made, the most a night makes (twice --max-pairs)";
            }
            if (stopped != null) {
                break;
            }
            int index = made.size() + 1;
            Trial trial = check.apply(runner.run(index, settings.order().baseFirst(index, settings.seed())));
            made.add(trial);
            if (trial.counted()) {
                counted.add(trial);
            } else {
                say.accept("pair " + index + " is not counted: " + trial.notCounted());
            }
        }
        List<Trial> dropped = made.stream().filter(trial -> !trial.counted()).toList();
        return new Outcome(List.copyOf(counted), dropped, stopped);
    }

    /** Why the budget stops the night here, or null when the slowest pair so far still fits. */
    private String noRoom(List<Trial> made, List<Trial> counted, String open) {
        Duration elapsed = Duration.ofNanos(System.nanoTime() - startedNanos);
        Duration next = slowest(made);
        if (elapsed.plus(next).compareTo(settings.budget()) <= 0) {
            return null;
        }
        return "undecided after " + counted.size() + " pairs (" + open + ") and the time budget of " + settings.budget().toMinutes()
            + " min has no room for another pair (" + elapsed.toMinutes() + " min gone, a pair takes up to " + minutes(next) + " min)";
    }

    static Duration slowest(List<Trial> trials) {
        return trials.stream().map(Trial::took).max(Duration::compareTo).orElse(Duration.ZERO);
    }

    private static String minutes(Duration duration) {
        return String.format(java.util.Locale.ROOT, "%.1f", duration.toMillis() / 60_000.0);
    }
}
