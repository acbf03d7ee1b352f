package mailbench.bisect;

import static mailbench.bisect.CommitRange.abbreviated;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import mailbench.compare.Metric;
import mailbench.compare.PairedVerdict;
import mailbench.compare.RunResult;
import mailbench.errors.ToolError;
import mailbench.nightly.BaselineCheckout;
import mailbench.nightly.PairBench;
import mailbench.nightly.Side;

/**
 * A bisection's rounds made of real pairs: each commit cloned from the project's checkout into the builds folder and
 * compiled once ({@link BaselineCheckout}), the good one as the base side and the tested one as the current side, their
 * pairs made on the bisection's {@link PairBench} into a folder of their own under {@code steps/}.
 */
final class CheckoutSteps implements StepRunner {

    /** Where the rounds' runs go in the bisection's folder, one folder per round. */
    static final String STEPS = "steps";

    private final PairBench bench;
    private final Path projectDir;
    private final Path builds;
    private final String maven;
    private final Path folder;
    private final Metric metric;
    private final Consumer<String> say;
    private final Map<String, Path> checkouts = new HashMap<>();
    private int rounds;

    /** {@code roundsBefore}: the rounds already in the folder's {@code steps/} (a resumed bisection's), numbered on from them. */
    CheckoutSteps(PairBench bench, Path projectDir, Path builds, String maven, Path folder, Metric metric, int roundsBefore,
                  Consumer<String> say) {
        this.bench = bench;
        this.rounds = roundsBefore;
        this.projectDir = projectDir;
        this.builds = builds;
        this.maven = maven;
        this.folder = folder;
        this.metric = metric;
        this.say = say;
    }

    @Override
    public List<Double> changes(String goodCommit, String testedCommit, int pairs) throws IOException, InterruptedException {
        Side good = bench.side(Side.BASE, checkout(goodCommit), Map.of());
        Side tested = bench.side(Side.CURRENT, checkout(testedCommit), Map.of());
        rounds++;
        Path round = folder.resolve(STEPS).resolve(String.format("%02d-%s", rounds, abbreviated(testedCommit)));
        say.accept(pairs + " pairs of " + abbreviated(testedCommit) + " (current) against " + abbreviated(goodCommit) + " (base) into "
            + round);
        PairBench.Pairs made = bench.pairs(good, tested, round, pairs);
        return changes(metric, made.base(), made.current(), round);
    }

    /** The pairs' changes of {@code metric}, in pair order; a ToolError naming the fix when a run lacks it. */
    static List<Double> changes(Metric metric, List<RunResult> base, List<RunResult> current, Path round) {
        List<Double> baseValues = base.stream().map(metric::of).toList();
        List<Double> currentValues = current.stream().map(metric::of).toList();
        List<Double> changes = baseValues.contains(null) || currentValues.contains(null) ? null
            : PairedVerdict.changes(metric, baseValues, currentValues);
        if (changes == null) {
            throw new ToolError("the runs in " + round + " lack " + metric.key() + " on a side, or a base run has 0: choose a --metric"
                + " every run measures (requestPathCpuMsPerRequest needs commits from e1d1d4c on, processCpuMsPerRequest the"
                + " facade's CPU count)");
        }
        return changes;
    }

    /** The commit's checkout, cloned and compiled on first use. */
    private Path checkout(String commit) throws InterruptedException {
        Path dir = checkouts.get(commit);
        if (dir == null) {
            Path log = folder.resolve("logs").resolve("build-" + abbreviated(commit) + ".log");
            dir = BaselineCheckout.prepare(projectDir, commit, builds, maven, log, say);
            checkouts.put(commit, dir);
        }
        return dir;
    }
}
