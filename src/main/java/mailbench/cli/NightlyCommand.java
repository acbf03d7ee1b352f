package mailbench.cli;

import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import mailbench.bisect.BisectJob;
import mailbench.bisect.BisectPlanner;
import mailbench.bisect.NightBisect;
import mailbench.errors.ToolError;
import mailbench.nightly.NightlyJob;
import mailbench.nightly.TrialOrder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code mailbench nightly}: tonight's checkout against a pinned baseline commit, both run tonight; exit 0, 3 or 2 as compare. */
@Command(name = "nightly", mixinStandardHelpOptions = true,
    header = "The nightly regression job: tonight's commit against a pinned baseline commit, both run tonight in pairs.",
    description = {"The nightly regression job: builds the --baseline-commit beside this checkout (--project-dir), runs both tonight",
        "in pairs (a duet of two facades on one node, or interleaved runs), judges each pair's change, adds pairs while the night",
        "is undecided until --max-minutes, and writes the comparison, a history file and, with --results-url, one document per run.",
        "Exit code: 0 no regression (or inconclusive: the output says what the night could not detect), 3 regression,",
        "2 tool error (a bad option or commit, a run that failed to run)."})
final class NightlyCommand implements Callable<Integer> {

    @Option(names = "--baseline-commit", required = true, description = "The commit tonight is judged against (a sha, tag or branch of"
        + " --project-dir); re-baselining is pinning another one")
    String baselineCommit;

    @Option(names = "--min-pairs", description = "Pairs before any verdict is read; 5 is the fewest whose signed-rank test can"
        + " reach p = 0.05 (default: ${DEFAULT-VALUE})", defaultValue = "6")
    int minPairs;

    @Option(names = "--max-pairs", description = "Most pairs while the night is undecided (default: ${DEFAULT-VALUE})", defaultValue = "20")
    int maxPairs;

    @Option(names = "--max-minutes", description = "Time budget of the whole night (builds and node included): no pair past"
        + " --min-pairs starts unless the slowest pair so far fits (default: ${DEFAULT-VALUE})", defaultValue = "45")
    int maxMinutes;

    @Option(names = "--order", description = "random: a coin per pair decides which side goes first (seeded); alternate: base first"
        + " in odd pairs (default: ${DEFAULT-VALUE})", defaultValue = "random")
    String order;

    @Option(names = "--seed", description = "Seed of the random order (default: the night's start time; recorded in the history)")
    Long seed;

    @Option(names = "--builds", description = "Where the baseline commit's checkout is kept, one folder per commit, reused by later"
        + " nights (default: ${DEFAULT-VALUE})", defaultValue = "target/nightly-builds")
    Path builds;

    @Option(names = "--out", description = "Where each night's folder goes (default: ${DEFAULT-VALUE})", defaultValue = "reports/nightly")
    Path out;

    @Option(names = "--history", description = "Where the history files go, one JSON per night (default: ${DEFAULT-VALUE})",
        defaultValue = "reports/history")
    Path history;

    @Option(names = "--results-url", description = "OpenSearch URL for the mailbench-results index; https with"
        + " --opensearch-ca/--opensearch-truststore and --opensearch-credentials-file as the facade's (default: none)")
    URI resultsUrl;

    @Mixin
    OpenSearchAccessOptions resultsAccess;

    @Option(names = "--project-dir", description = "Tonight's checkout, where mvn gatling:test runs; a git checkout that holds"
        + " --baseline-commit (default: ${DEFAULT-VALUE})", defaultValue = ".")
    Path projectDir;

    @Option(names = {"--baseline", "--create-baseline", "--runs"}, hidden = true, arity = "0..1",
        description = "Gone: a night no longer judges against stored runs")
    String storedBaseline;

    @Option(names = "--base", paramLabel = "key=value", description = "A -D property of the baseline's runs only")
    Map<String, String> baseProperties = new LinkedHashMap<>();

    @Option(names = "--current", paramLabel = "key=value", description = "A -D property of tonight's runs only, e.g. a known cost to"
        + " calibrate the night: --current mailbench.facade.injectCpuMicros=20")
    Map<String, String> currentProperties = new LinkedHashMap<>();

    @Option(names = "--bisect", description = "After a regression, walk the commits since --baseline-commit to the one that did it"
        + " (bisect's defaults; it takes hours) and keep its answer in night.json (default: off)")
    boolean bisect;

    @Mixin
    PairOptions pairing;

    @Mixin
    MavenRunOptions maven;

    @Mixin
    ThresholdOptions thresholdOptions;

    @Override
    public Integer call() {
        return JobExit.of(() -> {
            if (storedBaseline != null) {
                throw new ToolError("--baseline, --create-baseline and --runs are gone: a night runs its baseline commit tonight beside"
                    + " this checkout; give --baseline-commit <sha> (the stored runs stay history for the trend page)");
            }
            NightlyJob.Settings settings = NightlyJob.Settings.of(baselineCommit, pairing.design(), pairing.sharedNode(), minPairs, maxPairs,
                maxMinutes, TrialOrder.of(order), seed == null ? System.currentTimeMillis() : seed, out, history, builds, resultsUrl,
                thresholdOptions.nightThresholds(), resultsUrl == null ? null : resultsAccess.access())
                .with(pairing.settings());
            NightlyJob.Outcome outcome = new NightlyJob(settings, maven.maven, projectDir, maven.properties, baseProperties,
                currentProperties, System.out).run();
            outcome.warnings().forEach(w -> System.err.println("warning: " + w));
            String culprit = bisect && outcome.regression() ? NightBisect.after(outcome, bisection(settings, outcome), System.out) : null;
            System.out.println("[nightly] history: " + outcome.historyFile());
            System.out.println("[nightly] could detect (minimum detectable effect per metric): "
                + String.join(", ", outcome.detectable()));
            System.out.println("[nightly] verdict: " + outcome.verdictText().toUpperCase(Locale.ROOT)
                + (outcome.undecided() == null ? "" : " (" + outcome.undecided() + ")") + (culprit == null ? "" : "; " + culprit));
            return outcome.regression() ? CompareCommand.REGRESSION : 0;
        });
    }

    /** The bisection after a regression: the night's baseline to tonight's commit, its checkouts, properties and pairing. */
    private BisectJob.Settings bisection(NightlyJob.Settings settings, NightlyJob.Outcome night) {
        return new BisectJob.Settings(baselineCommit, "HEAD", projectDir, builds, night.night().resolve(NightBisect.KEY), maven.maven,
            maven.properties, settings.pairing(), new BisectPlanner.Limits(BisectPlanner.Limits.DEFAULT.minPairs(),
                BisectPlanner.Limits.DEFAULT.maxPairs(), settings.thresholds().alpha()));
    }
}
