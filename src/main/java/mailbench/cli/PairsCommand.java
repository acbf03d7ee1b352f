package mailbench.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

import mailbench.nightly.PairsJob;
import mailbench.nightly.Side;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code mailbench pairs}: N alternated base/current runs and a verdict; exit 0, 3 or 2 as compare. */
@Command(name = "pairs", mixinStandardHelpOptions = true,
    header = "Before/after from alternated pairs of mvn gatling:test runs, one of each side per pair.",
    description = {"Before/after from alternated pairs: runs mvn gatling:test --pairs times for each side, alternating",
        "(base, current, then current, base, ...), and compares the two series with the compare rule.",
        "A side is a checkout (--base-project-dir, --current-project-dir) and properties (--base, --current, -D for both).",
        "Exit code: 0 no regression, 3 regression, 2 tool error (bad option, a run that failed to run)."})
final class PairsCommand implements Callable<Integer> {

    @Option(names = "--pairs", description = "Pairs of runs (default: ${DEFAULT-VALUE}); with 3 or more the rank test applies",
        defaultValue = "3")
    int pairs;

    @Option(names = "--base", paramLabel = "key=value", description = "A -D property of the base runs only, e.g. --base mailbench.variant=default")
    Map<String, String> baseProperties = new LinkedHashMap<>();

    @Option(names = "--current", paramLabel = "key=value",
        description = "A -D property of the current runs only, e.g. --current mailbench.variant=opensearch-java-2.2.0")
    Map<String, String> currentProperties = new LinkedHashMap<>();

    @Option(names = "--base-project-dir", description = "The checkout the base runs in (default: ${DEFAULT-VALUE})", defaultValue = ".")
    Path baseProjectDir;

    @Option(names = "--current-project-dir", description = "The checkout the current runs in (default: ${DEFAULT-VALUE})",
        defaultValue = ".")
    Path currentProjectDir;

    @Option(names = "--out", description = "Where each comparison's folder goes (default: ${DEFAULT-VALUE})", defaultValue = "reports/pairs")
    Path out;

    @Mixin
    MavenRunOptions maven;

    @Mixin
    ThresholdOptions thresholdOptions;

    @Override
    public Integer call() {
        return JobExit.of(() -> {
            PairsJob.Settings settings = new PairsJob.Settings(pairs, out, thresholdOptions.thresholds());
            PairsJob job = new PairsJob(settings, maven.maven, side("base", baseProjectDir, baseProperties),
                side("current", currentProjectDir, currentProperties), System.out);
            PairsJob.Outcome outcome = job.run();
            System.out.println("[pairs] verdict: " + outcome.comparison().verdict() + " (" + pairs + " pairs, " + outcome.folder() + ")"
                + outcome.comparison().inconclusiveNote());
            return outcome.comparison().regression() ? CompareCommand.REGRESSION : 0;
        });
    }

    /** The shared -D properties, then the side's own (which win). */
    private Side side(String label, Path projectDir, Map<String, String> own) {
        Map<String, String> merged = new LinkedHashMap<>(maven.properties);
        merged.putAll(own);
        return new Side(label, projectDir.toAbsolutePath().normalize(), merged);
    }
}
