package mailbench.nightly;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import mailbench.compare.Comparer;
import mailbench.compare.Comparison;
import mailbench.compare.ComparisonReport;
import mailbench.compare.RunResult;
import mailbench.compare.Thresholds;
import mailbench.errors.ToolError;

/**
 * Before/after from alternated pairs: N pairs of {@code mvn gatling:test}, one run of each side per pair, in the order
 * base-current, current-base, base-current... (so a host that slows down over the hour weighs on both sides alike),
 * then the compare rule over the N runs a side. A side is a checkout and -D properties, so it can be a variant of the
 * same code or another commit checked out beside it. The same plan and runner as a night's interleaved design, with a
 * fixed number of pairs and each run on a node of its own.
 */
public final class PairsJob {

    public record Settings(int pairs, Path out, Thresholds thresholds) {

        public Settings {
            if (pairs < 1 || pairs > 50) {
                throw new ToolError("--pairs must be between 1 and 50, got " + pairs);
            }
        }
    }

    /** The comparison and the folder holding base/, current/, logs/ and comparison/. */
    public record Outcome(Comparison comparison, Path folder) {
    }

    private final Settings settings;
    private final String maven;
    private final Side base;
    private final Side current;
    private final PrintStream progress;

    public PairsJob(Settings settings, String maven, Side base, Side current, PrintStream progress) {
        this.settings = settings;
        this.maven = maven;
        this.base = base;
        this.current = current;
        this.progress = progress;
    }

    public Outcome run() throws InterruptedException, IOException {
        Path folder = settings.out().resolve(NightlyJob.NIGHT_ID.format(Instant.now())).toAbsolutePath();
        say("runs go to " + folder + " (if stopped, compare what finished: mailbench compare "
            + folder.resolve(Side.BASE) + " " + folder.resolve(Side.CURRENT) + ")");
        if (base.projectDir().equals(current.projectDir()) && base.properties().equals(current.properties())) {
            say("base and current are the same checkout and properties: an A/A run, it measures the noise");
        }
        TrialRunner runner = new InterleavedRunner(maven, base, current, folder, Integer.toString(settings.pairs()), this::say);
        Thread stopper = new Thread(runner::stop, "pairs-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        TrialPlan.Outcome made;
        try {
            // a fixed count: no verdict is looked at before the last pair, so nothing is undecided
            made = new TrialPlan(new TrialPlan.Settings(settings.pairs(), settings.pairs(), Duration.ofDays(1), TrialOrder.ALTERNATE, 0),
                System.nanoTime()).run(runner, trials -> null, this::say);
        } finally {
            NightlyJob.removeQuietly(stopper);
        }
        List<RunResult> baseRuns = made.trials().stream().map(Trial::base).toList();
        List<RunResult> currentRuns = made.trials().stream().map(Trial::current).toList();
        Comparison comparison = Comparer.compare(baseRuns, currentRuns, settings.thresholds());
        ComparisonReport.write(comparison, baseRuns, currentRuns, folder.resolve("comparison"));
        say("comparison: " + folder.resolve("comparison").resolve(ComparisonReport.HTML));
        return new Outcome(comparison, folder);
    }

    private void say(String line) {
        progress.println("[pairs] " + line);
    }
}
