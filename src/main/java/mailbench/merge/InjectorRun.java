package mailbench.merge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.errors.ToolError;
import mailbench.json.Json;
import mailbench.runfolder.LatencyLog;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunRecord;
import mailbench.runfolder.RunSummary;

/**
 * One injector's run folder as the merge reads it: run.json (what ran, where, against what),
 * summary.json (its throughput and counts) and latency.hlog (its response times, mergeable).
 * A folder that lacks one of them, or whose files disagree, is refused with the fix.
 */
record InjectorRun(Path folder, RunRecord record, String host, double rps, Map<String, Double> rpsByName, RunSummary.WarmUp warmUp,
                   boolean complete, LatencyLog.Measured latencies) {

    /** What identifies one run: two hosts may start runs of the same name in the same second. */
    String identity() {
        return record.runId + " on " + host + " started " + record.start;
    }

    String label() {
        return folder.getFileName() + " (" + host + ")";
    }

    long requests() {
        return latencies.count();
    }

    static InjectorRun load(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new ToolError("no such folder: " + folder);
        }
        RunFolder run = RunFolder.of(folder);
        JsonNode runTree = read(run.runJson(), "is it a run folder? give the folders mvn gatling:test wrote under reports/",
            () -> Json.MAPPER.readTree(run.runJson().toFile()));
        if (runTree.has("injectors")) {
            throw new ToolError(folder + " is already a merge of " + runTree.get("injectors").size()
                + " runs: merge the injectors' own run folders instead");
        }
        RunSummary summary = read(run.summaryJson(), "the run never reached its measured phase, or did not finish its summary",
            run::readSummary);
        if (!run.hasLatencyLog()) {
            throw new ToolError(folder + " has no " + RunFolder.LATENCY_LOG + ", the mergeable record of its response times:"
                + " re-run that injector with this version of mailbench (older runs and runs that measured nothing have none)");
        }
        LatencyLog.Measured latencies;
        try {
            latencies = run.readLatencies();
        } catch (IOException e) {
            throw new ToolError("cannot read " + e.getMessage());
        }
        RunRecord record;
        try {
            record = Json.MAPPER.treeToValue(runTree, RunRecord.class);
        } catch (IOException e) {
            throw new ToolError("cannot read " + run.runJson() + ": " + e.getMessage());
        }
        if (record.simulation == null || record.start == null) {
            throw new ToolError(run.runJson() + " names no simulation or start: is " + folder + " a run folder?");
        }
        List<RunSummary.NamedStats> requests = summary.requests() == null ? List.of() : summary.requests();
        Map<String, Double> rpsByName = new LinkedHashMap<>();
        requests.forEach(r -> rpsByName.put(r.name(), r.rps()));
        InjectorRun loaded = new InjectorRun(folder, record, String.valueOf(record.machine.getOrDefault("host", "unknown")),
            summary.measured() == null ? 0 : summary.measured().rps(), rpsByName,
            summary.warmUp() == null ? new RunSummary.WarmUp(0, 0) : summary.warmUp(), summary.complete(), latencies);
        loaded.checkCountsAgree(requests);
        return loaded;
    }

    /** latency.hlog and summary.json are written together from the same records: different counts mean mixed-up files. */
    private void checkCountsAgree(List<RunSummary.NamedStats> requests) {
        Map<String, Long> summarized = new LinkedHashMap<>();
        requests.forEach(r -> summarized.put(r.name(), r.requests()));
        Map<String, Long> logged = new LinkedHashMap<>();
        latencies.byName().forEach((name, outcomes) -> logged.put(name, outcomes.count()));
        if (!summarized.equals(logged)) {
            throw new ToolError(folder + ": " + RunFolder.LATENCY_LOG + " " + logged + " and " + RunFolder.SUMMARY_JSON + " " + summarized
                + " count different requests: the folder mixes files of different runs; copy the injector's run folder again");
        }
    }

    private static <T> T read(Path file, String hint, RunFolder.Reading<T> reading) {
        if (!Files.isRegularFile(file)) {
            throw new ToolError(file.getParent() + " has no " + file.getFileName() + ": " + hint);
        }
        try {
            return reading.read();
        } catch (IOException e) {
            throw new ToolError("cannot read " + file + ": " + e.getMessage());
        }
    }

    Instant measuredStart() {
        return Instant.ofEpochMilli(latencies.startMillis());
    }

    Instant measuredEnd() {
        return Instant.ofEpochMilli(latencies.endMillis());
    }
}
