package mailbench.nightly;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import mailbench.access.Credentials;
import mailbench.access.OpenSearchAccess;
import mailbench.compare.Comparer;
import mailbench.compare.Comparison;
import mailbench.compare.ComparisonReport;
import mailbench.compare.MetricVerdict;
import mailbench.compare.RunResult;
import mailbench.compare.Thresholds;
import mailbench.compare.ToolError;
import mailbench.json.Json;
import mailbench.results.ResultsIndex;

/**
 * The nightly regression job: N runs of the reference scenario ({@code mvn gatling:test} with the
 * given properties) into a folder of their own, compared with a stored baseline (a folder of
 * runs), one history file per night, and optionally one document per run in OpenSearch. The
 * baseline is read before anything runs, so a wrong path costs seconds, not an hour.
 */
public final class NightlyJob {

    /**
     * The night's outcome: the comparison (null when the night made a baseline), where it went, and after a regression
     * how to confirm it with alternated runs ({@link #confirmation(List)}; null otherwise).
     */
    public record Outcome(Comparison comparison, Path night, Path historyFile, List<String> warnings, String confirm) {

        public boolean regression() {
            return comparison != null && comparison.regression();
        }
    }

    /** What a night is told. {@code baseline} is read, or (createBaseline) filled with this night's runs. */
    public record Settings(Path baseline, boolean createBaseline, int runs, Path out, Path history, URI resultsUrl,
                           Thresholds thresholds, OpenSearchAccess resultsAccess) {

        /** A night whose results cluster (if any) needs no custom CA and no credentials. */
        public Settings(Path baseline, boolean createBaseline, int runs, Path out, Path history, URI resultsUrl, Thresholds thresholds) {
            this(baseline, createBaseline, runs, out, history, resultsUrl, thresholds, OpenSearchAccess.NONE);
        }

        public Settings {
            if (runs < 1 || runs > 100) {
                throw new ToolError("--runs must be between 1 and 100, got " + runs);
            }
            if (baseline == null) {
                throw new ToolError("--baseline is required: a folder of earlier runs (or where --create-baseline puts them)");
            }
            if (resultsUrl != null && (resultsUrl.getUserInfo() != null || resultsUrl.getHost() == null
                || !List.of("http", "https").contains(String.valueOf(resultsUrl.getScheme())))) {
                throw new ToolError("--results-url must be http(s)://host:port of OpenSearch, without credentials in it ("
                    + Credentials.HOW + ")");
            }
            if (resultsAccess == null) {
                resultsAccess = OpenSearchAccess.NONE;
            }
        }
    }

    static final DateTimeFormatter NIGHT_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private final Settings settings;
    private final GatlingRunner runner;
    private final PrintStream progress;

    public NightlyJob(Settings settings, String maven, Path projectDir, Map<String, String> properties, PrintStream progress) {
        this.settings = settings;
        this.runner = new GatlingRunner(maven, projectDir, properties);
        this.progress = progress;
    }

    public Outcome run() throws InterruptedException, IOException {
        List<RunResult> baseline = settings.createBaseline() ? List.of() : RunResult.loadSeries(settings.baseline());
        if (settings.createBaseline() && Files.isDirectory(settings.baseline()) && !isEmpty(settings.baseline())) {
            throw new ToolError("--create-baseline: " + settings.baseline() + " exists and is not empty; give a new folder");
        }
        Instant started = Instant.now();
        String nightId = NIGHT_ID.format(started);
        Path night = settings.out().resolve(nightId).toAbsolutePath();
        Path runsDir = settings.createBaseline() ? settings.baseline().toAbsolutePath() : night.resolve("runs");
        Files.createDirectories(night);
        Thread stopper = new Thread(runner::stop, "nightly-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        List<RunResult> current = new ArrayList<>();
        try {
            for (int i = 1; i <= settings.runs(); i++) {
                String name = "run " + i + "/" + settings.runs();
                Path log = night.resolve("logs").resolve("run-" + i + ".log");
                say(name + ": mvn gatling:test (log: " + log + ")");
                Path folder = runner.run(runsDir, log, where -> say(name + " in progress: " + where));
                RunResult result = RunResult.load(folder);
                current.add(result);
                say(name + ": " + describe(result));
            }
        } finally {
            removeQuietly(stopper);
        }
        Comparison comparison = null;
        if (!settings.createBaseline()) {
            comparison = Comparer.compare(baseline, current, settings.thresholds());
            ComparisonReport.write(comparison, baseline, current, night.resolve("comparison"));
            say("comparison: " + night.resolve("comparison").resolve(ComparisonReport.HTML));
        }
        String verdict = comparison == null ? "baseline" : comparison.verdict();
        Map<String, Object> entry = historyEntry(nightId, started, verdict, comparison, current, runsDir);
        Path historyFile = settings.history().resolve(nightId + ".json").toAbsolutePath();
        Files.createDirectories(settings.history());
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(historyFile.toFile(), entry);
        List<String> warnings = new ArrayList<>();
        if (settings.resultsUrl() != null) {
            ResultsIndex index = new ResultsIndex(List.of(settings.resultsUrl()), settings.resultsAccess());
            for (RunResult run : current) {
                String problem = index.putRun(nightId + "-" + run.name(), runsDir.resolve(run.name()), Map.of("source", "nightly",
                    "night", nightId, "verdict", verdict, "timestamp", started.toString()));
                if (problem != null) {
                    warnings.add("not in " + ResultsIndex.INDEX + ": " + run.name() + ": " + problem);
                }
            }
        }
        return new Outcome(comparison, night, historyFile, warnings,
            comparison != null && comparison.regression() ? confirmation(baseline) : null);
    }

    /**
     * A night is judged against runs made on another night, so a change of the host between them reads as a change of
     * the code; alternated runs (pairs) share the host's drift. Measured on eight identical runs in one hour
     * (2026-11-24): sides made half an hour apart were called a regression in 8 of 16 three-a-side splits, alternated sides
     * in none of 32.
     */
    static String confirmation(List<RunResult> baseline) {
        List<String> commits = baseline.stream().map(run -> run.versions().get("mailbench")).filter(Objects::nonNull).distinct().toList();
        String commit = commits.size() == 1 ? "commit " + commits.get(0) : "the baseline's commit";
        return "a regression between nights can be the host's as well as the code's; confirm it with alternated runs: in a clone of "
            + commit + ", mvn -q package -DskipTests, then from this checkout: java -jar target/mailbench.jar pairs"
            + " --base-project-dir <that clone> --current-project-dir . (and tonight's -D properties)";
    }

    private Map<String, Object> historyEntry(String nightId, Instant started, String verdict, Comparison comparison, List<RunResult> runs,
                                             Path runsDir) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("night", nightId);
        entry.put("finished", Instant.now().toString());
        entry.put("verdict", verdict);
        entry.put("baseline", settings.baseline().toAbsolutePath().toString());
        entry.put("runsFolder", runsDir.toString());
        entry.put("runs", runs.stream().map(run -> runDocument(nightId, started, verdict, run)).toList());
        if (comparison != null) {
            List<Map<String, Object>> metrics = new ArrayList<>();
            for (MetricVerdict metric : comparison.metrics()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("metric", metric.metric());
                m.put("baseMedian", metric.baseMedian());
                m.put("currentMedian", metric.currentMedian());
                m.put("worseBy", metric.worseBy());
                m.put("mde", metric.mde());
                m.put("pValue", metric.pValue());
                m.put("outcome", metric.outcome().name());
                metrics.add(m);
            }
            entry.put("metrics", metrics);
            entry.put("inconclusive", comparison.inconclusive());
        }
        return entry;
    }

    /** One run as the history keeps it (the results index has more: ResultDocument); timestamp = the night's start. */
    static Map<String, Object> runDocument(String nightId, Instant started, String verdict, RunResult run) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("night", nightId);
        doc.put("run", run.name());
        doc.put("variant", run.variant());
        doc.put("status", run.status());
        doc.put("verdict", verdict);
        doc.put("timestamp", started.toString());
        doc.put("rps", run.measured().rps());
        doc.put("requests", run.measured().requests());
        doc.put("koPercent", run.measured().koPercent());
        doc.put("p50Ms", run.measured().p50Ms());
        doc.put("p95Ms", run.measured().p95Ms());
        doc.put("p99Ms", run.measured().p99Ms());
        doc.put("processCpuMsPerRequest", run.processCpuMsPerRequest());
        doc.put("cpuMsPerRequest", run.cpuMsPerRequest());
        doc.put("allocatedBytesPerRequest", run.allocatedBytesPerRequest());
        doc.put("speedProbeMs", run.speedProbeMs());
        return doc;
    }

    /** One finished run in a progress line. */
    static String describe(RunResult result) {
        return String.format("%s, %.1f req/s, KO %.2f%%, p99 %.0f ms, %s CPU ms per request (OS count)", result.status(),
            result.measured().rps(), result.measured().koPercent(), result.measured().p99Ms(),
            result.processCpuMsPerRequest() == null ? "no" : String.format("%.3f", result.processCpuMsPerRequest()));
    }

    private void say(String line) {
        progress.println("[nightly] " + line);
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (var entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    static void removeQuietly(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook is running or has run
        }
    }
}
