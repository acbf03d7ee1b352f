package mailbench.bisect;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import mailbench.compare.Metric;
import mailbench.errors.ToolError;
import mailbench.json.Json;
import mailbench.nightly.BaselineCheckout;
import mailbench.nightly.NightlyJob;
import mailbench.nightly.PairBench;

/**
 * The bisection of a regression: the first-parent commits from the good commit to the bad one ({@link CommitRange}),
 * walked by the {@link BisectPlanner} with pairs of real runs ({@link CheckoutSteps}) on one bench (one node for the
 * whole bisection, a duet's fit on the first step), and {@value #BISECT_JSON} in its folder.
 */
public final class BisectJob {

    /** The bisection's record in its folder. */
    public static final String BISECT_JSON = "bisect.json";

    /** The node's folder in the bisection's; a resumed one starts its node in a folder of its own beside the first's. */
    static final String NODE = "node";

    /**
     * What a bisection is told: both ends (a sha, tag or branch of {@code projectDir}), where its builds and runs go, how it
     * makes pairs; {@code resume}: {@code folder} is an interrupted bisection's, whose recorded rounds are replayed
     * ({@link ReplayedSteps}) rather than made again.
     */
    public record Settings(String good, String bad, Path projectDir, Path builds, Path folder, String maven, Map<String, String> properties,
                           PairBench.Settings pairing, BisectPlanner.Limits limits, boolean resume) {

        /** A new bisection into {@code folder}. */
        public Settings(String good, String bad, Path projectDir, Path builds, Path folder, String maven, Map<String, String> properties,
                        PairBench.Settings pairing, BisectPlanner.Limits limits) {
            this(good, bad, projectDir, builds, folder, maven, properties, pairing, limits, false);
        }

        public Settings {
            projectDir = projectDir.toAbsolutePath().normalize();
            folder = folder.toAbsolutePath().normalize();
            properties = Map.copyOf(properties);
            PairBench.requireRunnable(properties, pairing.design());
        }
    }

    /** What the bisection found, and its record. */
    public record Outcome(BisectOutcome bisection, Path record) {
    }

    private final Settings settings;
    private final PrintStream progress;

    public BisectJob(Settings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
    }

    public Outcome run(NightEffect effect) throws IOException, InterruptedException {
        Instant started = Instant.now();
        String good = BaselineCheckout.resolve(settings.projectDir(), settings.good(), "--baseline-commit");
        String bad = BaselineCheckout.resolve(settings.projectDir(), settings.bad(), "--bad-commit");
        CommitRange range = CommitRange.read(settings.projectDir(), good, bad);
        BaselineCheckout.requireKnows(settings.projectDir(), good, settings.pairing().design() == NightlyJob.Design.DUET,
            settings.pairing().sharedNode());
        BisectPlanner planner = new BisectPlanner(range, effect, settings.limits());
        Path folder = settings.folder();
        List<ReplayedSteps.Round> recorded = settings.resume() ? resumable(folder) : List.of();
        Files.createDirectories(folder);
        say(planner.describe() + " (" + folder + (settings.resume() ? ", resumed: " + recorded.size() + " recorded rounds" : "") + ")");
        BisectOutcome outcome;
        List<String> replayed = List.of();
        // a step judged on another metric (a range older than the request path's count) must not drop pairs for lacking it
        PairBench.Settings pairing = effect.metric() == Metric.REQUEST_PATH_CPU_MS_PER_REQUEST ? settings.pairing()
            : settings.pairing().withoutRequestPath();
        try (PairBench bench = PairBench.open(settings.maven(), settings.properties(), pairing, nodeFolder(folder), this::say)) {
            StepRunner live = new CheckoutSteps(bench, settings.projectDir(), settings.builds(), settings.maven(), folder,
                effect.metric(), ReplayedSteps.roundsIn(folder), this::say);
            ReplayedSteps replay = settings.resume() ? new ReplayedSteps(recorded, bench, effect.metric(), live, this::say) : null;
            outcome = planner.run(replay == null ? live : replay, this::say);
            replayed = replay == null ? List.of() : replay.replayed();
        }
        Path record = folder.resolve(BISECT_JSON);
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(record.toFile(),
            BisectRecord.of(range, effect, planner.pairs(), settings.limits(), outcome, started, folder, replayed));
        say(outcome.why());
        return new Outcome(outcome, record);
    }

    /** The recorded rounds of an interrupted bisection's folder; a ToolError when it is missing or already finished. */
    private static List<ReplayedSteps.Round> resumable(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new ToolError("--resume " + folder + ": no such folder (give an interrupted bisection's folder, under --out)");
        }
        if (Files.exists(folder.resolve(BISECT_JSON))) {
            throw new ToolError("--resume " + folder + ": that bisection finished (its " + BISECT_JSON + "); start a new one without"
                + " --resume");
        }
        return ReplayedSteps.rounds(folder);
    }

    /** {@value #NODE}, or for a resumed bisection the first of node-2, node-3, ... not used yet: the first node's logs stay. */
    private static Path nodeFolder(Path folder) {
        Path node = folder.resolve(NODE);
        for (int n = 2; Files.exists(node); n++) {
            node = folder.resolve(NODE + "-" + n);
        }
        return node;
    }

    private void say(String line) {
        progress.println("[bisect] " + line);
    }
}
