package mailbench.nightly;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;

import mailbench.compare.RunResult;
import mailbench.errors.ToolError;
import mailbench.host.HostSpeed;
import mailbench.knobs.Knobs;

/**
 * Pairs of two checkouts for as many comparisons as a job makes: the node started once with its corpus (or none, a node
 * per run), the -D properties of every run, each comparison's runners (a duet's fit pairs before the first comparison,
 * their rate and warm-up kept for the rest), which pairs count, and the stop hook that ends the runs in progress on
 * Ctrl-C. A night makes one comparison on it; a bisection one per commit it tests.
 */
public final class PairBench implements AutoCloseable {

    /**
     * How the pairs are made: the design, one node for all runs or a node per run, which pairs count, the most fit pairs,
     * and a duet's first lead (the time its first pair's sides get to be ready; later pairs learn theirs).
     */
    public record Settings(NightlyJob.Design design, boolean sharedNode, PairRule pairRule, int fitPairs, Duration firstLead) {

        /** The longest first lead: a host that needs more than this to start a Maven and a facade cannot hold a duet. */
        static final Duration MOST_FIRST_LEAD = Duration.ofMinutes(30);

        public Settings {
            if (design == NightlyJob.Design.DUET && !sharedNode) {
                throw new ToolError("--design duet runs both facades against one node: it cannot take --node per-run");
            }
            if (pairRule == null) {
                pairRule = PairRule.DEFAULT;
            }
            if (fitPairs < 0 || fitPairs > 10) {
                throw new ToolError("--fit-pairs must be between 0 and 10, got " + fitPairs);
            }
            if (firstLead == null) {
                firstLead = DuetRunner.FIRST_LEAD;
            }
            if (firstLead.compareTo(DuetRunner.LEAD_MARGIN) < 0 || firstLead.compareTo(MOST_FIRST_LEAD) > 0) {
                throw new ToolError("--first-lead must be between " + DuetRunner.LEAD_MARGIN.toSeconds() + " and "
                    + MOST_FIRST_LEAD.toSeconds() + " seconds, got " + firstLead.toSeconds());
            }
        }

        /** With the default first lead ({@link DuetRunner#FIRST_LEAD}). */
        public Settings(NightlyJob.Design design, boolean sharedNode, PairRule pairRule, int fitPairs) {
            this(design, sharedNode, pairRule, fitPairs, null);
        }

        /**
         * These settings with a pair rule that does not ask both sides for the request path's own CPU count: for a side
         * whose commit predates it (e1d1d4c), or a comparison that judges another metric.
         */
        public Settings withoutRequestPath() {
            return new Settings(design, sharedNode, pairRule.withoutRequestPath(), fitPairs, firstLead);
        }
    }

    /** The counted pairs of one comparison, each side's runs in pair order, and why no more were made. */
    public record Pairs(List<RunResult> base, List<RunResult> current, String stoppedBecause) {
    }

    private final String maven;
    private final Settings settings;
    private final Map<String, String> properties;
    private final NightNode node;
    /** A duet's host, read before its node started: where the fit starts its rate. */
    private final HostSpeed.Reading host;
    private final Consumer<String> say;
    private final AtomicReference<NightRunners> running = new AtomicReference<>();
    private final Thread stopper;
    /** A duet's time to get both sides ready, learnt by every pair of the bench (fit pairs and each comparison's). */
    private final DuetTiming.Lead lead;
    private HostFit.Outcome fit;

    private PairBench(String maven, Settings settings, Map<String, String> properties, NightNode node, HostSpeed.Reading host,
                      Consumer<String> say) {
        this.maven = maven;
        this.settings = settings;
        this.properties = Map.copyOf(properties);
        this.node = node;
        this.host = host;
        this.say = say;
        this.lead = new DuetTiming.Lead(settings.firstLead());
        this.stopper = new Thread(this::stopRuns, "pairs-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
    }

    /** Starts the node the -D properties describe when the settings share one; {@code nodeDir} holds its data and logs. */
    public static PairBench open(String maven, Map<String, String> properties, Settings settings, Path nodeDir, Consumer<String> say)
        throws IOException, InterruptedException {
        requireOwnKnobs(properties.keySet());
        // the probe while nothing of the bench runs yet: a duet's fit scales its first rate to it
        HostSpeed.Reading host = settings.design() == NightlyJob.Design.DUET && settings.fitPairs() > 0 ? HostSpeed.read() : null;
        NightNode node = settings.sharedNode() ? NightNode.start(nodeDir, properties, say) : null;
        return new PairBench(maven, settings, properties, node, host, say);
    }

    /**
     * Refuses, before anything is built, what pairs of this design cannot run with: -D properties the bench sets itself,
     * a node's JIT it cannot start with, and for a duet a named rate its two sides cannot share equally.
     */
    public static void requireRunnable(Map<String, String> properties, NightlyJob.Design design) {
        requireOwnKnobs(properties.keySet());
        NightNode.jit(properties);
        if (design == NightlyJob.Design.DUET) {
            DuetRunner.requireSharedRate(properties);
        }
    }

    /** Refuses -D properties the bench sets itself (the shared node's address, the agreed starts). */
    public static void requireOwnKnobs(Collection<String> keys) {
        for (String key : keys) {
            if (key.equals(Knobs.STACK_OPENSEARCH.name()) || key.equals(Knobs.START_AT.name())) {
                throw new ToolError("-D" + key + " is set by the night (its shared node, its agreed starts)");
            }
        }
    }

    /**
     * A side whose runs happen in {@code checkout}: the bench's -D properties, on a shared node a warm-up for a warm node
     * unless one is given, and the side's {@code own} over them.
     */
    public Side side(String label, Path checkout, Map<String, String> own) {
        Map<String, String> run = new LinkedHashMap<>(properties);
        if (node != null) {
            run.putIfAbsent(Knobs.WARMUP.name(), Integer.toString(NightlyJob.SHARED_NODE_WARMUP_SECONDS));
        }
        return new Side(label, checkout, run).with(own);
    }

    /** {@code count} counted pairs of two sides into {@code folder} (a pair not counted is replaced, twice the count at most). */
    public Pairs pairs(Side base, Side current, Path folder, int count) throws IOException, InterruptedException {
        TrialPlan.Outcome made = compare(base, current, folder, new TrialPlan.Settings(count, count, Duration.ofDays(1),
            TrialOrder.ALTERNATE, 0), trials -> null, System.nanoTime());
        return new Pairs(made.trials().stream().map(Trial::base).toList(), made.trials().stream().map(Trial::current).toList(),
            made.stoppedBecause());
    }

    /**
     * The counted pairs an interrupted comparison left in {@code folder}, judged by this bench's rule: what a resumed
     * bisection keeps instead of making them again.
     */
    public Pairs recorded(Path folder) {
        return RecordedPairs.read(folder, settings.pairRule());
    }

    /** The pairs of two sides into {@code folder} as the plan has them; a ToolError naming the fix when none counted. */
    TrialPlan.Outcome compare(Side base, Side current, Path folder, TrialPlan.Settings plan, Function<List<Trial>, String> undecided,
                              long startedNanos) throws IOException, InterruptedException {
        NightRunners runners = new NightRunners(maven, base, current, node, folder, settings, plan, properties, fit, lead,
            host, say);
        running.set(runners);
        TrialRunner runner = runners.counted(startedNanos);
        fit = runners.fit();
        TrialPlan.Outcome made = new TrialPlan(plan, startedNanos).run(runner, runners.carried(), trial -> runners.check(trial, folder),
            undecided, say);
        if (made.trials().isEmpty()) {
            throw new ToolError("no pair counted (" + made.stoppedBecause() + "); the last one: " + made.notCounted()
                .get(made.notCounted().size() - 1).notCounted() + ". Run the night on a quieter host, or name a lower -D"
                + Knobs.RATE.name() + " or a longer -D" + Knobs.WARMUP.name() + " (the runs are in " + folder + ")");
        }
        return made;
    }

    /** The fit pairs and what they chose; null when none ran. */
    HostFit.Outcome fit() {
        return fit;
    }

    private void stopRuns() {
        NightRunners runners = running.get();
        if (runners != null) {
            runners.stop();
        }
    }

    /** Stops the node; the runs in progress were stopped by whoever interrupted them. */
    @Override
    public void close() {
        NightlyJob.removeQuietly(stopper);
        if (node != null) {
            node.close();
        }
    }
}
