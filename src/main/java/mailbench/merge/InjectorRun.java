package mailbench.merge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.compare.ToolError;
import mailbench.json.Json;
import mailbench.run.LatencyLog;
import mailbench.run.RunRecord;
import mailbench.run.RunSummary;

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
        JsonNode run = read(folder, "run.json", "is it a run folder? give the folders mvn gatling:test wrote under reports/");
        if (run.has("injectors")) {
            throw new ToolError(folder + " is already a merge of " + run.get("injectors").size()
                + " runs: merge the injectors' own run folders instead");
        }
        JsonNode summary = read(folder, "summary.json", "the run never reached its measured phase, or did not finish its summary");
        if (!Files.isRegularFile(folder.resolve(LatencyLog.FILE))) {
            throw new ToolError(folder + " has no " + LatencyLog.FILE + ", the mergeable record of its response times:"
                + " re-run that injector with this version of mailbench (older runs and runs that measured nothing have none)");
        }
        LatencyLog.Measured latencies;
        try {
            latencies = LatencyLog.read(folder.resolve(LatencyLog.FILE));
        } catch (IOException e) {
            throw new ToolError("cannot read " + e.getMessage());
        }
        RunRecord record;
        try {
            record = Json.MAPPER.treeToValue(run, RunRecord.class);
        } catch (IOException e) {
            throw new ToolError("cannot read " + folder.resolve("run.json") + ": " + e.getMessage());
        }
        if (record.simulation == null || record.start == null) {
            throw new ToolError(folder.resolve("run.json") + " names no simulation or start: is " + folder + " a run folder?");
        }
        Map<String, Double> rpsByName = new LinkedHashMap<>();
        summary.path("requests").forEach(r -> rpsByName.put(r.path("name").asText(), r.path("rps").asDouble()));
        InjectorRun loaded = new InjectorRun(folder, record, String.valueOf(record.machine.getOrDefault("host", "unknown")),
            summary.at("/measured/rps").asDouble(), rpsByName,
            new RunSummary.WarmUp(summary.at("/warmUp/requests").asLong(), summary.at("/warmUp/ko").asLong()),
            summary.path("complete").asBoolean(false), latencies);
        loaded.checkCountsAgree(summary);
        return loaded;
    }

    /** latency.hlog and summary.json are written together from the same records: different counts mean mixed-up files. */
    private void checkCountsAgree(JsonNode summary) {
        Map<String, Long> summarized = new LinkedHashMap<>();
        summary.path("requests").forEach(r -> summarized.put(r.path("name").asText(), r.path("requests").asLong()));
        Map<String, Long> logged = new LinkedHashMap<>();
        latencies.byName().forEach((name, outcomes) -> logged.put(name, outcomes.count()));
        if (!summarized.equals(logged)) {
            throw new ToolError(folder + ": " + LatencyLog.FILE + " " + logged + " and summary.json " + summarized
                + " count different requests: the folder mixes files of different runs; copy the injector's run folder again");
        }
    }

    private static JsonNode read(Path folder, String name, String hint) {
        Path file = folder.resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new ToolError(folder + " has no " + name + ": " + hint);
        }
        try {
            return Json.MAPPER.readTree(file.toFile());
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
