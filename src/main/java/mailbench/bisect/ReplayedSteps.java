package mailbench.bisect;

import static mailbench.bisect.CommitRange.abbreviated;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;

import mailbench.compare.Metric;
import mailbench.errors.ToolError;
import mailbench.nightly.PairBench;
import mailbench.nightly.Side;
import mailbench.runfolder.RunFolder;

/**
 * A resumed bisection's rounds: the rounds an interrupted bisection left under {@code steps/}, replayed in their order
 * while the plan asks for the same two commits (each round's commits read from its runs' run.json), their pairs judged
 * again by the bench's rule. The last recorded round, cut short by the interruption, is completed with new pairs; from
 * the first round the plan asks differently (another effect, another range) every round is made anew by {@code live}.
 * Pairs take 6 minutes and more each: an interrupted bisection of hours loses only the pair it was making.
 */
final class ReplayedSteps implements StepRunner {

    /** One recorded round: its folder and the commits of its base and current runs (run.json's abbreviated ids). */
    record Round(Path folder, String good, String tested) {
    }

    private final Deque<Round> recorded;
    private final PairBench bench;
    private final Metric metric;
    private final StepRunner live;
    private final Consumer<String> say;
    private final List<String> replayed = new ArrayList<>();

    ReplayedSteps(List<Round> recorded, PairBench bench, Metric metric, StepRunner live, Consumer<String> say) {
        this.recorded = new ArrayDeque<>(recorded);
        this.bench = bench;
        this.metric = metric;
        this.live = live;
        this.say = say;
    }

    /** The rounds of an interrupted bisection's folder in their order, those with a readable pair; a ToolError when it has none. */
    static List<Round> rounds(Path folder) {
        Path steps = folder.resolve(CheckoutSteps.STEPS);
        List<Round> rounds = new ArrayList<>();
        for (Path round : children(steps, Files::isDirectory)) {
            String good = commitOf(round.resolve(Side.BASE));
            String tested = commitOf(round.resolve(Side.CURRENT));
            if (good != null && tested != null) {
                rounds.add(new Round(round, good, tested));
            }
        }
        if (rounds.isEmpty()) {
            throw new ToolError("nothing to resume in " + folder + ": no round in " + steps + " has a run on both sides; start the"
                + " bisection anew without --resume");
        }
        return rounds;
    }

    /** The rounds folder's count, recorded or not: a resumed bisection numbers its new rounds on from it. */
    static int roundsIn(Path folder) {
        return children(folder.resolve(CheckoutSteps.STEPS), Files::isDirectory).size();
    }

    @Override
    public List<Double> changes(String goodCommit, String testedCommit, int pairs) throws IOException, InterruptedException {
        Round next = recorded.peek();
        if (next == null) {
            return live.changes(goodCommit, testedCommit, pairs);
        }
        if (!matches(next.good(), goodCommit) || !matches(next.tested(), testedCommit)) {
            say.accept("the recorded rounds end here: " + next.folder().getFileName() + " ran " + next.tested() + " against "
                + next.good() + ", the plan asks for " + abbreviated(testedCommit) + " against " + abbreviated(goodCommit)
                + "; its rounds and those after it are not replayed");
            recorded.clear();
            return live.changes(goodCommit, testedCommit, pairs);
        }
        recorded.poll();
        PairBench.Pairs made = bench.recorded(next.folder());
        List<Double> changes = CheckoutSteps.changes(metric, made.base(), made.current(), next.folder());
        List<Double> kept = new ArrayList<>(changes.subList(0, Math.min(pairs, changes.size())));
        say.accept("replaying " + kept.size() + " counted pairs of " + abbreviated(testedCommit) + " against " + abbreviated(goodCommit)
            + " (" + made.stoppedBecause() + ")");
        replayed.add(next.folder().getFileName() + ": " + kept.size() + " pairs");
        if (kept.size() < pairs && recorded.isEmpty()) {
            say.accept("the interruption cut that round short: " + (pairs - kept.size()) + " more pairs are made now");
            kept.addAll(live.changes(goodCommit, testedCommit, pairs - kept.size()));
        }
        return kept;
    }

    /** The recorded rounds replayed, each with the pairs taken from it, for bisect.json. */
    List<String> replayed() {
        return List.copyOf(replayed);
    }

    /** Whether a run.json's id of the checkout (12 characters, "-dirty" when it had changes) names {@code commit}. */
    static boolean matches(String recorded, String commit) {
        String id = recorded.endsWith("-dirty") ? recorded.substring(0, recorded.length() - "-dirty".length()) : recorded;
        return id.length() >= 7 && commit.startsWith(id);
    }

    /** The commit the first readable run of a side ran, or null. */
    private static String commitOf(Path side) {
        for (Path run : children(side, RunFolder::isRun)) {
            try {
                // run.json alone: the commit is all a round's matching needs, not the profile a RunResult loads
                String commit = RunFolder.of(run).readRecord().versions.get("mailbench");
                if (commit != null && !commit.equals("unknown")) {
                    return commit;
                }
            } catch (IOException | RuntimeException unreadable) {
                // the run the interruption stopped: the next one may tell
            }
        }
        return null;
    }

    private static List<Path> children(Path dir, Predicate<Path> which) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(which).sorted().toList();
        } catch (IOException e) {
            throw new ToolError("cannot list " + dir + ": " + e.getMessage());
        }
    }
}
