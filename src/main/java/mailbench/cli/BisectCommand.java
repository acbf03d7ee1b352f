package mailbench.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.Callable;

import mailbench.bisect.BisectJob;
import mailbench.bisect.BisectPlanner;
import mailbench.bisect.NightEffect;
import mailbench.compare.Metric;
import mailbench.errors.ToolError;
import mailbench.nightly.NightlyJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code mailbench bisect}: which commit since the baseline made the night's regression; exit 0 named, 3 not named, 2 tool error. */
@Command(name = "bisect", mixinStandardHelpOptions = true,
    header = "Which commit since the baseline did it: a bisection of the commits between a good and a bad commit, in pairs.",
    description = {"Walks the first-parent commits after --baseline-commit up to --bad-commit: each step builds a commit beside this",
        "checkout and runs it against the baseline in pairs, as a night does, enough pairs to tell half the night's change from",
        "noise; a step like neither end doubles its pairs up to --max-pairs. The last commit standing is run against its parent",
        "before it is named. The change comes from a night (--night) or is given (--effect, --spread). An interrupted",
        "bisection goes on from where it stopped with --resume <its folder> and the options it was started with.",
        "Exit code: 0 the culprit named and confirmed, 3 no culprit confirmed (the output says why: not confirmed against its",
        "parent, or a step that stayed unknown), 2 tool error (a bad option or commit, a run that failed to run)."})
final class BisectCommand implements Callable<Integer> {

    @Option(names = "--baseline-commit", description = "The good commit, a sha, tag or branch of --project-dir (default: the baseline"
        + " of --night)")
    String baselineCommit;

    @Option(names = "--bad-commit", description = "The commit that made the regression or came after it (default: ${DEFAULT-VALUE})",
        defaultValue = "HEAD")
    String badCommit;

    @Option(names = "--night", description = "A night's folder: the change to look for is its pairs' change of --metric, read"
        + " from its night.json")
    Path night;

    @Option(names = "--metric", description = "The metric whose change is looked for: the CPU figure a night judges by default;"
        + " processCpuMsPerRequest where a commit of the range predates the request path's count (default: ${DEFAULT-VALUE})",
        defaultValue = "requestPathCpuMsPerRequest")
    String metric;

    @Option(names = "--effect", description = "The change to look for, in --metric's worse direction: percent (points for koPercent),"
        + " with --spread, instead of --night")
    Double effect;

    @Option(names = "--spread", description = "The standard deviation of the night's pair changes of --metric, with --effect")
    Double spread;

    @Option(names = "--min-pairs", description = "The fewest pairs a step starts with; a step has as many as make its minimum"
        + " detectable effect half the change (default: ${DEFAULT-VALUE})", defaultValue = "6")
    int minPairs;

    @Option(names = "--max-pairs", description = "The most pairs of a step, doubled up to while it is unknown (default: ${DEFAULT-VALUE})",
        defaultValue = "20")
    int maxPairs;

    @Option(names = "--alpha", description = "The signed-rank test's alpha for each step (default: ${DEFAULT-VALUE})", defaultValue = "0.05")
    double alpha;

    @Option(names = "--project-dir", description = "The git checkout whose commits are walked; each is cloned from it"
        + " (default: ${DEFAULT-VALUE})", defaultValue = ".")
    Path projectDir;

    @Option(names = "--builds", description = "Where each commit's clone is kept, one folder per commit, shared with nightly"
        + " (default: ${DEFAULT-VALUE})", defaultValue = "target/nightly-builds")
    Path builds;

    @Option(names = "--out", description = "Where each bisection's folder goes (default: ${DEFAULT-VALUE})", defaultValue = "reports/bisect")
    Path out;

    @Option(names = "--resume", description = "An interrupted bisection's folder: its recorded rounds are replayed (their pairs judged"
        + " again, a round cut short completed) and the bisection goes on from where it stopped, into that folder; give the"
        + " options it was started with (default: a new bisection under --out)")
    Path resume;

    @Mixin
    PairOptions pairing;

    @Mixin
    MavenRunOptions maven;

    @Override
    public Integer call() {
        return JobExit.of(() -> {
            NightEffect looked = effect();
            String good = baselineCommit != null ? baselineCommit : night != null ? NightEffect.baselineOf(night) : null;
            if (good == null) {
                throw new ToolError("--baseline-commit is needed: the good commit, or --night, whose night.json names its baseline");
            }
            BisectJob.Settings settings = new BisectJob.Settings(good, badCommit, projectDir, builds,
                resume != null ? resume : out.resolve(NightlyJob.NIGHT_ID.format(Instant.now())), maven.maven, maven.properties,
                pairing.settings(), new BisectPlanner.Limits(minPairs, maxPairs, alpha), resume != null);
            BisectJob.Outcome outcome = new BisectJob(settings, System.out).run(looked);
            System.out.println("[bisect] record: " + outcome.record());
            System.out.println("[bisect] verdict: " + outcome.bisection().verdict().text().toUpperCase(Locale.ROOT) + ": "
                + outcome.bisection().summary());
            return outcome.bisection().culprit() != null ? 0 : CompareCommand.REGRESSION;
        });
    }

    /** The change to look for: from --night, or --effect with --spread. */
    private NightEffect effect() {
        Metric chosen = NightEffect.metric(metric);
        if (night != null && (effect != null || spread != null)) {
            throw new ToolError("give --night or --effect with --spread, not both");
        }
        if (night != null) {
            return NightEffect.ofNight(night, chosen);
        }
        if (effect == null || spread == null) {
            throw new ToolError("the change to look for is needed: --night <a night's folder> (its night.json), or --effect and"
                + " --spread (the night's change of --metric and the standard deviation of its pair changes, e.g. --effect 5"
                + " --spread 3)");
        }
        return new NightEffect(chosen, effect, spread, "--effect and --spread");
    }
}
