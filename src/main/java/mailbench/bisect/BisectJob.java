package mailbench.bisect;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

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

    /** What a bisection is told: both ends (a sha, tag or branch of {@code projectDir}), where its builds and runs go, how it makes pairs. */
    public record Settings(String good, String bad, Path projectDir, Path builds, Path folder, String maven, Map<String, String> properties,
                           PairBench.Settings pairing, BisectPlanner.Limits limits) {

        public Settings {
            projectDir = projectDir.toAbsolutePath().normalize();
            folder = folder.toAbsolutePath().normalize();
            properties = Map.copyOf(properties);
            PairBench.requireOwnKnobs(properties.keySet());
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
        Files.createDirectories(settings.folder());
        say(planner.describe() + " (" + settings.folder() + ")");
        BisectOutcome outcome;
        try (PairBench bench = PairBench.open(settings.maven(), settings.properties(), settings.pairing(),
            settings.folder().resolve("node"), this::say)) {
            outcome = planner.run(new CheckoutSteps(bench, settings.projectDir(), settings.builds(), settings.maven(), settings.folder(),
                effect.metric(), this::say), this::say);
        }
        Path record = settings.folder().resolve(BISECT_JSON);
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(record.toFile(),
            BisectRecord.of(range, effect, planner.pairs(), settings.limits(), outcome, started, settings.folder()));
        say(outcome.why());
        return new Outcome(outcome, record);
    }

    private void say(String line) {
        progress.println("[bisect] " + line);
    }
}
