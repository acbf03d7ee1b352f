package mailbench.bisect;

import static mailbench.bisect.CommitRange.abbreviated;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import mailbench.compare.PairedVerdict;
import mailbench.errors.ToolError;

/**
 * The plan of a culprit bisection, without a process of its own: a binary search over the first-parent commits between
 * the good commit and the bad one, each step the good commit against the tested one in as many pairs as the night's
 * effect and spread need to tell half the effect from noise, each step read as {@link StepReading} has it; an unknown step
 * doubles its pairs up to the most allowed, then the bisection says unknown; the last commit standing is tested against
 * its parent before it is named. Chromium's Pinpoint bisects a range the same way: repeated A/B runs per commit, more while
 * unknown up to a cap, the culprit checked against its parent.
 */
public final class BisectPlanner {

    /** The fewest pairs a step starts with, the most it may double to, and the test's alpha. */
    public record Limits(int minPairs, int maxPairs, double alpha) {

        /** As a night: 6 pairs at least, 20 at most, alpha 0.05. */
        public static final Limits DEFAULT = new Limits(6, 20, 0.05);

        public Limits {
            if (minPairs < PairedVerdict.MIN_PAIRS || minPairs > 100) {
                throw new ToolError("--min-pairs must be between " + PairedVerdict.MIN_PAIRS + " (the fewest whose signed-rank test can"
                    + " reach p = 0.05) and 100, got " + minPairs);
            }
            if (maxPairs < minPairs || maxPairs > 100) {
                throw new ToolError("--max-pairs must be between --min-pairs (" + minPairs + ") and 100, got " + maxPairs);
            }
            if (!(alpha > 0 && alpha < 1)) {
                throw new ToolError("--alpha must be between 0 and 1, got " + alpha);
            }
        }
    }

    private final CommitRange range;
    private final NightEffect effect;
    private final Limits limits;
    private final int pairs;

    public BisectPlanner(CommitRange range, NightEffect effect, Limits limits) {
        this.range = range;
        this.effect = effect;
        this.limits = limits;
        this.pairs = plannedPairs(effect, limits);
    }

    /** The fewest pairs, from the minimum up, whose minimum detectable effect is within half the effect; the most when none is. */
    static int plannedPairs(NightEffect effect, Limits limits) {
        for (int n = limits.minPairs(); n <= limits.maxPairs(); n++) {
            if (PairedVerdict.mde(effect.spread(), n, limits.alpha()) <= effect.effect() / 2) {
                return n;
            }
        }
        return limits.maxPairs();
    }

    /** The pairs each step starts with. */
    public int pairs() {
        return pairs;
    }

    /** The steps a bisection of {@code candidates} commits takes at most: the binary search's, and the culprit's check. */
    public static int steps(int candidates) {
        return narrowingSteps(candidates) + 1;
    }

    private static int narrowingSteps(int candidates) {
        return 32 - Integer.numberOfLeadingZeros(candidates - 1);
    }

    /** What the plan says before any step: the range, the pairs a step, what they can detect. */
    public String describe() {
        double mde = PairedVerdict.mde(effect.spread(), pairs, limits.alpha());
        String unit = effect.unit();
        return String.format(Locale.ROOT, "%d commits after %s up to %s: at most %d steps (%d to narrow, 1 to check the culprit against"
            + " its parent) of %d pairs each, doubled up to %d while a step is unknown; %s changed by %+.1f%s, its pair"
            + " changes spread by %.1f%s (from %s): a step's pairs could detect %.1f%s, %s half the effect (%.1f%s)", range.size(),
            abbreviated(range.good()), abbreviated(range.bad()), steps(range.size()), narrowingSteps(range.size()), pairs,
            limits.maxPairs(), effect.metric().key(), effect.effect(), unit, effect.spread(), unit, effect.source(), mde, unit,
            mde <= effect.effect() / 2 ? "within" : "more than (a step may stay unknown)", effect.effect() / 2, unit);
    }

    public BisectOutcome run(StepRunner runner, Consumer<String> say) throws IOException, InterruptedException {
        List<BisectStep> steps = new ArrayList<>();
        int good = 0;
        int bad = range.size();
        while (bad - good > 1) {
            int tested = (good + bad) >>> 1;
            BisectStep step = step(steps.size() + 1, steps.size() + steps(bad - good), false, range.good(), range.at(tested), runner,
                say);
            steps.add(step);
            if (step.answer() == Answer.UNKNOWN) {
                return new BisectOutcome(BisectOutcome.Verdict.UNKNOWN, null, null, range.between(good, bad), "step " + step.number()
                    + " stayed unknown with " + step.changes().size() + " pairs: " + abbreviated(step.tested()) + " is " + step.reading()
                    .note() + ". The culprit is one of the " + (bad - good) + " commits after " + abbreviated(range.at(good))
                    + " up to " + abbreviated(range.at(bad)) + "; the change may be spread over several of them", steps);
            }
            if (step.answer() == Answer.SAME) {
                good = tested;
            } else {
                bad = tested;
            }
        }
        return confirm(range.at(bad), range.at(bad - 1), steps, runner, say);
    }

    /** The last commit standing against its parent: named only when that duet says DIFFERENT. */
    private BisectOutcome confirm(String suspect, String parent, List<BisectStep> steps, StepRunner runner, Consumer<String> say)
        throws IOException, InterruptedException {
        say.accept("one commit is left, " + abbreviated(suspect) + ": checking it against its parent " + abbreviated(parent));
        BisectStep check = step(steps.size() + 1, steps.size() + 1, true, parent, suspect, runner, say);
        steps.add(check);
        String against = abbreviated(suspect) + " against its parent " + abbreviated(parent) + " is ";
        return switch (check.answer()) {
            case DIFFERENT -> new BisectOutcome(BisectOutcome.Verdict.CONFIRMED, suspect, parent, List.of(suspect),
                "the culprit is " + abbreviated(suspect) + ": " + against + check.reading().note(), steps);
            case SAME -> new BisectOutcome(BisectOutcome.Verdict.UNCONFIRMED, suspect, parent, List.of(suspect), "the culprit could"
                + " not be confirmed: " + against + check.reading().note() + "; the change may be spread over several commits, or a"
                + " step before was misled by the host", steps);
            case UNKNOWN -> new BisectOutcome(BisectOutcome.Verdict.UNCONFIRMED, suspect, parent, List.of(suspect), "the culprit could"
                + " not be confirmed: " + against + check.reading().note() + " with the most pairs allowed", steps);
        };
    }

    /** One step: rounds of pairs, doubled while the answer is unknown and the limit allows. */
    private BisectStep step(int number, int of, boolean confirm, String good, String tested, StepRunner runner, Consumer<String> say)
        throws IOException, InterruptedException {
        List<Integer> rounds = new ArrayList<>();
        List<Double> changes = new ArrayList<>();
        String name = "step " + number + "/" + of;
        int asked = pairs;
        while (true) {
            say.accept(name + ": testing " + abbreviated(tested) + " against " + abbreviated(good) + " with " + asked
                + (changes.isEmpty() ? "" : " more") + " pairs ...");
            List<Double> made = runner.changes(good, tested, asked);
            if (made.isEmpty()) {
                throw new ToolError(name + ": no pair of " + abbreviated(tested) + " against " + abbreviated(good) + " counted");
            }
            rounds.add(made.size());
            changes.addAll(made);
            StepReading reading = StepReading.of(changes, effect.effect(), limits.alpha(), effect.unit());
            say.accept(name + ": " + reading.answer().text() + ", " + reading.note());
            int more = Math.min(limits.maxPairs(), 2 * changes.size()) - changes.size();
            if (reading.answer() != Answer.UNKNOWN || more <= 0) {
                return new BisectStep(number, confirm, good, tested, rounds, changes, reading);
            }
            asked = more;
        }
    }
}
