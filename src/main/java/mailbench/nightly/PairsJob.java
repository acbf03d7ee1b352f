package mailbench.nightly;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import mailbench.compare.Comparer;
import mailbench.compare.Comparison;
import mailbench.compare.ComparisonReport;
import mailbench.compare.RunResult;
import mailbench.compare.Thresholds;
import mailbench.compare.ToolError;

/**
 * Before/after from alternated pairs: N pairs of {@code mvn gatling:test}, one run of each side
 * per pair, in the order base-current, current-base, base-current... (so a host that slows down
 * over the hour weighs on both sides alike), then the compare rule over the N runs a side.
 * A side is a checkout and -D properties, so it can be a variant of the same code or another
 * commit checked out beside it.
 */
public final class PairsJob {

    /** One side of the comparison: where {@code mvn gatling:test} runs and with which properties. */
    public record Side(String label, Path projectDir, Map<String, String> properties) {
    }

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
    private final Side base;
    private final Side current;
    private final GatlingRunner baseRunner;
    private final GatlingRunner currentRunner;
    private final PrintStream progress;

    public PairsJob(Settings settings, String maven, Side base, Side current, PrintStream progress) {
        this.settings = settings;
        this.base = base;
        this.current = current;
        this.baseRunner = new GatlingRunner(maven, base.projectDir(), base.properties());
        this.currentRunner = new GatlingRunner(maven, current.projectDir(), current.properties());
        this.progress = progress;
    }

    /** Which side runs first in pair {@code pair} (1-based): base in odd pairs, current in even ones. */
    static boolean baseFirst(int pair) {
        return pair % 2 == 1;
    }

    public Outcome run() throws InterruptedException, IOException {
        Path folder = settings.out().resolve(NightlyJob.NIGHT_ID.format(Instant.now())).toAbsolutePath();
        say("runs go to " + folder + " (if stopped, compare what finished: mailbench compare "
            + folder.resolve("base") + " " + folder.resolve("current") + ")");
        if (base.equals(current)) {
            say("base and current are the same checkout and properties: an A/A run, it measures the noise");
        }
        Thread stopper = new Thread(() -> {
            baseRunner.stop();
            currentRunner.stop();
        }, "pairs-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        List<RunResult> baseRuns = new ArrayList<>();
        List<RunResult> currentRuns = new ArrayList<>();
        try {
            for (int pair = 1; pair <= settings.pairs(); pair++) {
                boolean baseFirst = baseFirst(pair);
                runOne(pair, baseFirst ? base : current, baseFirst ? baseRunner : currentRunner, folder,
                    baseFirst ? baseRuns : currentRuns);
                runOne(pair, baseFirst ? current : base, baseFirst ? currentRunner : baseRunner, folder,
                    baseFirst ? currentRuns : baseRuns);
            }
        } finally {
            NightlyJob.removeQuietly(stopper);
        }
        Comparison comparison = Comparer.compare(baseRuns, currentRuns, settings.thresholds());
        ComparisonReport.write(comparison, baseRuns, currentRuns, folder.resolve("comparison"));
        say("comparison: " + folder.resolve("comparison").resolve(ComparisonReport.HTML));
        return new Outcome(comparison, folder);
    }

    private void runOne(int pair, Side side, GatlingRunner runner, Path folder, List<RunResult> into) throws InterruptedException {
        String name = "pair " + pair + "/" + settings.pairs() + " " + side.label();
        Path log = folder.resolve("logs").resolve("pair-" + pair + "-" + side.label() + ".log");
        say(name + ": mvn gatling:test " + side.properties() + " in " + side.projectDir().toAbsolutePath().normalize()
            + " (log: " + log + ")");
        RunResult result = RunResult.load(runner.run(folder.resolve(side.label()), log, where -> say(name + " in progress: " + where)));
        into.add(result);
        say(name + ": " + NightlyJob.describe(result));
    }

    private void say(String line) {
        progress.println("[pairs] " + line);
    }
}
