package mailbench.nightly;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import mailbench.access.Credentials;
import mailbench.access.OpenSearchAccess;
import mailbench.compare.Comparer;
import mailbench.compare.Comparison;
import mailbench.compare.ComparisonReport;
import mailbench.compare.NightVerdict;
import mailbench.compare.RunResult;
import mailbench.compare.Thresholds;
import mailbench.errors.ToolError;
import mailbench.json.Json;
import mailbench.knobs.Knobs;

/**
 * The nightly regression job: tonight's checkout against a pinned baseline commit, both built and run tonight, in pairs
 * (a duet of two facades on one node, or interleaved runs), judged pair by pair, with more pairs while undecided until
 * the time budget; then the comparison, one history file and optionally one document per run in OpenSearch. Runs
 * stored on another night are history for the trend page, never the other side of a verdict: on a drifting host that
 * design called identical code a regression in 8 of 16 splits (docs/results/2026-11-24-false-alarms.adoc).
 */
public final class NightlyJob {

    /** The night's verdict and comparison, its folder and history file, and why it made no more pairs. */
    public record Outcome(NightVerdict verdict, Comparison comparison, Path night, Path historyFile, List<String> warnings,
                          String stoppedBecause) {

        public boolean regression() {
            return verdict.outcome() == NightVerdict.Outcome.REGRESSION;
        }

        public String verdictText() {
            return verdict.outcome().text();
        }

        public String undecided() {
            return verdict.undecided();
        }

        public List<String> detectable() {
            return verdict.detectable();
        }

        /** Adds {@code key} to the night's record, in its folder and in its history file (what was learnt after the night). */
        public void amend(String key, Object value) throws IOException {
            NightRecord.amend(List.of(night.resolve(NIGHT_JSON), historyFile), key, value);
        }
    }

    /** How a night makes its pairs, and whether its runs share one node. */
    public enum Design { DUET, INTERLEAVED }

    /** What a night is told. */
    public record Settings(String baselineCommit, Design design, boolean sharedNode, TrialPlan.Settings plan, Path out, Path history,
                           Path builds, URI resultsUrl, Thresholds thresholds, OpenSearchAccess resultsAccess, PairRule pairRule,
                           int fitPairs, Duration firstLead) {

        public Settings {
            if (resultsUrl != null && (resultsUrl.getUserInfo() != null || resultsUrl.getHost() == null
                || !List.of("http", "https").contains(String.valueOf(resultsUrl.getScheme())))) {
                throw new ToolError("--results-url must be http(s)://host:port of OpenSearch, without credentials in it ("
                    + Credentials.HOW + ")");
            }
            if (resultsAccess == null) {
                resultsAccess = OpenSearchAccess.NONE;
            }
            // the bench's own checks of the design, the node and the fit pairs, and its default rule
            PairBench.Settings checked = new PairBench.Settings(design, sharedNode, pairRule, fitPairs, firstLead);
            pairRule = checked.pairRule();
            firstLead = checked.firstLead();
        }

        /** How the night's pairs are made. */
        public PairBench.Settings pairing() {
            return new PairBench.Settings(design, sharedNode, pairRule, fitPairs, firstLead);
        }

        /** These settings with the pairs made as {@code pairing} says (design, node, which pairs count, fit pairs, first lead). */
        public Settings with(PairBench.Settings pairing) {
            return new Settings(baselineCommit, pairing.design(), pairing.sharedNode(), plan, out, history, builds, resultsUrl, thresholds,
                resultsAccess, pairing.pairRule(), pairing.fitPairs(), pairing.firstLead());
        }

        public static Settings of(String baselineCommit, Design design, boolean sharedNode, int minPairs, int maxPairs, int maxMinutes,
                                  TrialOrder order, long seed, Path out, Path history, Path builds, URI resultsUrl, Thresholds thresholds,
                                  OpenSearchAccess resultsAccess) {
            return new Settings(baselineCommit, design, sharedNode, new TrialPlan.Settings(minPairs, maxPairs,
                Duration.ofMinutes(maxMinutes), order, seed), out, history, builds, resultsUrl, thresholds, resultsAccess, null, HostFit.MOST_FIT_PAIRS,
                null);
        }
    }

    /** The night's record in its own folder (the history file's twin). */
    public static final String NIGHT_JSON = "night.json";

    /** Where the fit pairs' runs go in the night's folder, apart from the counted pairs' base/ and current/. */
    static final String FIT_FOLDER = "fit";

    /** A night's id, and its folder's name: its start, to the second, in UTC. */
    public static final DateTimeFormatter NIGHT_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    /**
     * The warm-up of a night's runs on a shared node, unless -Dmailbench.warmup says otherwise: the node is warm after its
     * corpus load and the first pair, so only the fresh facade and Gatling JVMs need it. The facade's JIT compilers held
     * 4-6% of its CPU samples 60-80 s into a duet's load and 0-1% from 90 s on (docs/results/2026-11-26-night-calibration.adoc).
     */
    static final int SHARED_NODE_WARMUP_SECONDS = 120;

    private final Settings settings;
    private final String maven;
    private final Path projectDir;
    private final Map<String, String> properties;
    private final Map<String, String> baseOnly;
    private final Map<String, String> currentOnly;
    private final PrintStream progress;

    public NightlyJob(Settings settings, String maven, Path projectDir, Map<String, String> properties, PrintStream progress) {
        this(settings, maven, projectDir, properties, Map.of(), Map.of(), progress);
    }

    /** {@code baseOnly} and {@code currentOnly}: -D properties of one side's runs (a calibration's injected cost), over the shared ones. */
    public NightlyJob(Settings settings, String maven, Path projectDir, Map<String, String> properties, Map<String, String> baseOnly,
                      Map<String, String> currentOnly, PrintStream progress) {
        this.settings = settings;
        this.maven = maven;
        this.projectDir = projectDir.toAbsolutePath().normalize();
        this.properties = Map.copyOf(properties);
        this.baseOnly = Map.copyOf(baseOnly);
        this.currentOnly = Map.copyOf(currentOnly);
        this.progress = progress;
        PairBench.requireRunnable(properties, settings.design());
        List<String> sideKeys = new ArrayList<>(baseOnly.keySet());
        sideKeys.addAll(currentOnly.keySet());
        PairBench.requireOwnKnobs(sideKeys);
    }

    public Outcome run() throws InterruptedException, IOException {
        long startedNanos = System.nanoTime();
        Instant started = Instant.now();
        String nightId = NIGHT_ID.format(started);
        Path night = settings.out().resolve(nightId).toAbsolutePath();
        String baseCommit = BaselineCheckout.resolve(projectDir, settings.baselineCommit());
        String currentCommit = BaselineCheckout.describeHead(projectDir);
        BaselineCheckout.requireKnows(projectDir, baseCommit, settings.design() == Design.DUET, settings.sharedNode());
        PairBench.Settings pairing = judgedCpu(baseCommit);
        Files.createDirectories(night);
        say(settings.design().name().toLowerCase(java.util.Locale.ROOT) + " night " + nightId + ": baseline " + baseCommit
            + " against " + currentCommit + ", " + settings.plan().pairs() + " pairs within " + settings.plan().budget().toMinutes()
            + " min, " + (settings.sharedNode() ? "one node for all runs" : "a node per run") + " (" + night + ")");
        Path baseDir = BaselineCheckout.prepare(projectDir, baseCommit, settings.builds(), maven, night.resolve("logs").resolve("build-base.log"),
            this::say);
        BaselineCheckout.compile(projectDir, maven, night.resolve("logs").resolve("build-current.log"), this::say);

        TrialPlan.Outcome made;
        HostFit.Outcome fit;
        try (PairBench bench = PairBench.open(maven, properties, pairing, night.resolve("node"), this::say)) {
            made = bench.compare(bench.side(Side.BASE, baseDir, baseOnly), bench.side(Side.CURRENT, projectDir, currentOnly), night,
                settings.plan(), trials -> NightVerdict.of(Comparer.pairedMetricVerdicts(trials.stream().map(Trial::base).toList(),
                    trials.stream().map(Trial::current).toList(), settings.thresholds())).undecided(), startedNanos);
            fit = bench.fit();
        }
        List<RunResult> base = made.trials().stream().map(Trial::base).toList();
        List<RunResult> current = made.trials().stream().map(Trial::current).toList();
        Comparison comparison = judge(made.trials());
        NightVerdict verdict = NightVerdict.of(comparison).requireCounted(made.trials().size(), settings.plan().minPairs());
        ComparisonReport.write(comparison, base, current, night.resolve("comparison"));
        say("comparison: " + night.resolve("comparison").resolve(ComparisonReport.HTML));
        say(made.stoppedBecause());
        Map<String, Object> entry = NightRecord.of(nightId, started, settings, baseCommit, currentCommit, made, comparison, verdict, night);
        // one side's own properties (a calibration's known cost): with them, one commit on both sides is not identical code
        entry.put("baseOnly", new TreeMap<>(baseOnly));
        entry.put("currentOnly", new TreeMap<>(currentOnly));
        if (fit != null) {
            entry.put("fit", NightRecord.fit(fit));
        }
        Path historyFile = settings.history().resolve(nightId + ".json").toAbsolutePath();
        Files.createDirectories(settings.history());
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(historyFile.toFile(), entry);
        // the same record beside the night's runs, for whatever publishes the night (a CI summary page)
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(night.resolve(NIGHT_JSON).toFile(), entry);
        List<String> warnings = settings.resultsUrl() == null ? List.of()
            : NightRecord.sendToResultsIndex(settings, nightId, started, verdict, made.trials(), night);
        return new Outcome(verdict, comparison, night, historyFile, warnings, made.stoppedBecause());
    }

    /**
     * How tonight's pairs are made: as told, except that a side whose commit predates the request path's own CPU count
     * (e1d1d4c) cannot drop every pair for lacking it; the night then judges the whole process's CPU, and says so first.
     */
    private PairBench.Settings judgedCpu(String baseCommit) {
        boolean base = BaselineCheckout.measuresRequestPath(projectDir, baseCommit);
        boolean current = BaselineCheckout.measuresRequestPath(projectDir, "HEAD");
        if (base && current) {
            return settings.pairing();
        }
        say((base ? "tonight's commit" : "the baseline commit " + baseCommit.substring(0, 12)) + " predates the request path's own CPU"
            + " count (e1d1d4c, 2026-11-27): the night judges the facade's whole process CPU (processCpuMsPerRequest), whose"
            + " MDE is larger on a busy host; pin a later baseline commit to judge the request path");
        return settings.pairing().withoutRequestPath();
    }

    private Comparison judge(List<Trial> trials) {
        return Comparer.comparePaired(trials.stream().map(Trial::base).toList(), trials.stream().map(Trial::current).toList(),
            settings.thresholds());
    }

    /** One finished run in a progress line. */
    static String describe(RunResult result) {
        return String.format("%s, %.1f req/s, KO %.2f%%, p99 %.0f ms, CPU ms per request %s (request path) of %s (process),"
            + " %s bytes per request", result.status(), result.measured().rps(), result.measured().koPercent(), result.measured().p99Ms(),
            threeDecimals(result.requestPathCpuMsPerRequest()), threeDecimals(result.processCpuMsPerRequest()),
            result.allocatedBytesPerRequest() == null ? "no" : String.format("%.0f", result.allocatedBytesPerRequest()));
    }

    private static String threeDecimals(Double value) {
        return value == null ? "no" : String.format("%.3f", value);
    }

    private void say(String line) {
        progress.println("[nightly] " + line);
    }

    static void removeQuietly(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook is running or has run
        }
    }
}
