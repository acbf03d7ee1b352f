package mailbench.nightly;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.core.type.TypeReference;

import mailbench.compare.Comparison;
import mailbench.compare.NightVerdict;
import mailbench.compare.MetricVerdict;
import mailbench.compare.RunResult;
import mailbench.json.Json;
import mailbench.results.ResultsIndex;

/**
 * What a night leaves for later: its history file (the trend page's input: the design, both commits, the verdict with
 * each metric's change and minimum detectable effect, every run of both sides) and one document per run in the results
 * index. History records the night's own runs of both commits; no later night compares with them.
 */
final class NightRecord {

    private NightRecord() {
    }

    static Map<String, Object> of(String nightId, Instant started, NightlyJob.Settings settings, String baseCommit, String currentCommit,
                                  TrialPlan.Outcome made, Comparison comparison, NightVerdict verdict, Path night) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("night", nightId);
        entry.put("finished", Instant.now().toString());
        entry.put("minutes", Math.round(Duration.between(started, Instant.now()).toSeconds() / 6.0) / 10.0);
        entry.put("design", settings.design().name().toLowerCase(Locale.ROOT));
        entry.put("node", settings.sharedNode() ? "shared" : "per-run");
        entry.put("order", settings.plan().order().name().toLowerCase(Locale.ROOT));
        entry.put("seed", settings.plan().seed());
        entry.put("verdict", verdict.outcome().text());
        entry.put("baseline", baseCommit);
        entry.put("current", currentCommit);
        entry.put("pairs", made.trials().size());
        entry.put("stopped", made.stoppedBecause());
        entry.put("runsFolder", night.toString());
        List<Map<String, Object>> runs = new ArrayList<>();
        for (Trial trial : made.trials()) {
            runs.add(runDocument(nightId, started, verdict.outcome().text(), trial.base(), Side.BASE, trial.index()));
            runs.add(runDocument(nightId, started, verdict.outcome().text(), trial.current(), Side.CURRENT, trial.index()));
        }
        entry.put("runs", runs);
        List<Map<String, Object>> pairs = new ArrayList<>();
        List<Trial> all = new ArrayList<>(made.trials());
        all.addAll(made.notCounted());
        all.sort(java.util.Comparator.comparingInt(Trial::index));
        all.forEach(trial -> pairs.add(pair(trial)));
        entry.put("pairsMade", pairs);
        entry.put("metrics", metrics(comparison));
        entry.put("undecided", verdict.open());
        return entry;
    }

    /** Adds {@code key} to each of the night's record files (night.json and its history twin); a file not there is left out. */
    static void amend(List<Path> files, String key, Object value) throws IOException {
        for (Path file : files) {
            if (Files.isRegularFile(file)) {
                Map<String, Object> entry = Json.MAPPER.readValue(file.toFile(), new TypeReference<LinkedHashMap<String, Object>>() { });
                entry.put(key, value);
                Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), entry);
            }
        }
    }

    /** One pair as night.json keeps it: whether it counted and why not, and what the host left each side. */
    static Map<String, Object> pair(Trial trial) {
        Map<String, Object> pair = new LinkedHashMap<>();
        pair.put("pair", trial.index());
        pair.put("baseFirst", trial.baseFirst());
        pair.put("counted", trial.counted());
        pair.put("notCounted", trial.notCounted());
        pair.put("minutes", Math.round(trial.took().toSeconds() / 6.0) / 10.0);
        pair.put("base", side(trial.base(), trial.baseRoom()));
        pair.put("current", side(trial.current(), trial.currentRoom()));
        return pair;
    }

    private static Map<String, Object> side(RunResult run, Headroom room) {
        Map<String, Object> side = new LinkedHashMap<>();
        side.put("run", run.name());
        side.put("koPercent", run.measured().koPercent());
        side.put("p50Ms", run.measured().p50Ms());
        side.put("requestPathCpuMsPerRequest", run.requestPathCpuMsPerRequest());
        side.put("processCpuMsPerRequest", run.processCpuMsPerRequest());
        side.put("allocatedBytesPerRequest", run.allocatedBytesPerRequest());
        side.put("speedProbeMs", run.speedProbeMs());
        side.putAll(room.asRecord());
        return side;
    }

    /**
     * The fit pairs that chose the duet's rate, warm-up and facades' JIT, and the tuning the counted pairs ran with (its
     * measured phase too).
     */
    static Map<String, Object> fit(HostFit.Outcome fit) {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("rate", fit.tuning().rate());
        record.put("warmupSeconds", fit.tuning().warmupSeconds());
        record.put("measuredSeconds", fit.tuning().measuredSeconds());
        record.put("rateNamed", fit.tuning().rateNamed());
        record.put("warmupNamed", fit.tuning().warmupNamed());
        record.put("facadeJit", fit.tuning().jit().name().toLowerCase(java.util.Locale.ROOT));
        record.put("facadeJitNamed", fit.tuning().jitNamed());
        if (fit.host() != null) {
            // what the first rate was scaled to: the host's cores (a quota's, if any) and its probe before the node started
            record.put("hostCores", fit.host().cores());
            record.put("hostSpeedProbeMs", fit.host().probeMillis());
        }
        List<Map<String, Object>> steps = new ArrayList<>();
        for (HostFit.Step step : fit.steps()) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("fitPair", step.index());
            s.put("rate", step.tuning().rate());
            s.put("warmupSeconds", step.tuning().warmupSeconds());
            s.put("facadeJit", step.tuning().jit().name().toLowerCase(java.util.Locale.ROOT));
            s.put("finding", step.finding());
            s.put("pair", pair(step.trial()));
            steps.add(s);
        }
        record.put("steps", steps);
        // the last fit pair, run with the chosen tuning and counted by the rule, is the night's pair 1 (its runs moved there)
        record.put("lastCounted", fit.countable() != null);
        return record;
    }

    private static List<Map<String, Object>> metrics(Comparison comparison) {
        List<Map<String, Object>> metrics = new ArrayList<>();
        for (MetricVerdict metric : comparison.metrics()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("metric", metric.metric());
            m.put("baseMedian", metric.baseMedian());
            m.put("currentMedian", metric.currentMedian());
            m.put("worseBy", metric.worseBy());
            m.put("allowed", metric.allowed());
            m.put("mde", metric.mde());
            m.put("pValue", metric.pValue());
            m.put("outcome", metric.outcome().name());
            metrics.add(m);
        }
        return metrics;
    }

    /** One run as the history keeps it (the results index has more: ResultDocument); timestamp = the night's start. */
    static Map<String, Object> runDocument(String nightId, Instant started, String verdict, RunResult run, String side, int pair) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("night", nightId);
        doc.put("side", side);
        doc.put("pair", pair);
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
        doc.put("requestPathCpuMsPerRequest", run.requestPathCpuMsPerRequest());
        doc.put("processCpuMsPerRequest", run.processCpuMsPerRequest());
        doc.put("cpuMsPerRequest", run.cpuMsPerRequest());
        doc.put("allocatedBytesPerRequest", run.allocatedBytesPerRequest());
        doc.put("speedProbeMs", run.speedProbeMs());
        return doc;
    }

    /** One document per run of both sides; returns what the index refused, as warnings (a night's verdict never depends on it). */
    static List<String> sendToResultsIndex(NightlyJob.Settings settings, String nightId, Instant started, NightVerdict verdict,
                                           List<Trial> trials, Path night) {
        ResultsIndex index = new ResultsIndex(List.of(settings.resultsUrl()), settings.resultsAccess());
        List<String> warnings = new ArrayList<>();
        for (Trial trial : trials) {
            for (String side : List.of(Side.BASE, Side.CURRENT)) {
                RunResult run = Side.BASE.equals(side) ? trial.base() : trial.current();
                String problem = index.putRun(nightId + "-" + side + "-" + run.name(), night.resolve(side).resolve(run.name()), Map.of("source", "nightly",
                    "night", nightId, "verdict", verdict.outcome().text(), "timestamp", started.toString(), "side", side,
                    "design", settings.design().name().toLowerCase(Locale.ROOT), "pair", trial.index()));
                if (problem != null) {
                    warnings.add("not in " + ResultsIndex.INDEX + ": " + run.name() + ": " + problem);
                }
            }
        }
        return warnings;
    }
}
