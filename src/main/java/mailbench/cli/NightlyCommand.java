package mailbench.cli;

import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import mailbench.nightly.NightlyJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code mailbench nightly}: N runs against a stored baseline, a history entry, a verdict; exit 0, 3 or 2 as compare. */
@Command(name = "nightly", mixinStandardHelpOptions = true,
    description = {"The nightly regression job: runs mvn gatling:test --runs times (in --project-dir, with the -D properties),",
        "compares the runs with the --baseline runs, writes the comparison and a history file, and, with --results-url,",
        "one document per run into OpenSearch's mailbench-results index.",
        "Exit code: 0 no regression, 3 regression, 2 tool error (bad baseline, a run that failed to run)."})
final class NightlyCommand implements Callable<Integer> {

    @Option(names = "--baseline", required = true, description = "Folder of the baseline runs (a folder of run folders)")
    Path baseline;

    @Option(names = "--create-baseline", description = "Run and store the runs in --baseline (a new folder) instead of comparing")
    boolean createBaseline;

    @Option(names = "--runs", description = "Runs tonight (default: ${DEFAULT-VALUE}); with 3 or more a side the rank test applies",
        defaultValue = "5")
    int runs;

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

    @Option(names = "--project-dir", description = "The mailbench checkout to run mvn gatling:test in (default: ${DEFAULT-VALUE})",
        defaultValue = ".")
    Path projectDir;

    @Mixin
    MavenRunOptions maven;

    @Mixin
    ThresholdOptions thresholdOptions;

    @Override
    public Integer call() {
        return JobExit.of(() -> {
            NightlyJob.Settings settings = new NightlyJob.Settings(baseline, createBaseline, runs, out, history, resultsUrl,
                thresholdOptions.thresholds(), resultsUrl == null ? null : resultsAccess.access());
            NightlyJob.Outcome outcome = new NightlyJob(settings, maven.maven, projectDir, maven.properties, System.out).run();
            outcome.warnings().forEach(w -> System.err.println("warning: " + w));
            System.out.println("[nightly] history: " + outcome.historyFile());
            if (outcome.comparison() == null) {
                System.out.println("[nightly] baseline stored in " + baseline.toAbsolutePath());
                return 0;
            }
            System.out.println("[nightly] verdict: " + outcome.comparison().verdict() + outcome.comparison().inconclusiveNote());
            if (outcome.confirm() != null) {
                System.out.println("[nightly] " + outcome.confirm());
            }
            return outcome.regression() ? CompareCommand.REGRESSION : 0;
        });
    }
}
