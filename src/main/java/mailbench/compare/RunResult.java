package mailbench.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;
import mailbench.profiler.CollapsedStacks;
import mailbench.profiler.ProfileConverter;
import mailbench.run.ErrorWindows;

/**
 * One run folder as a comparison reads it: run.json, summary.json and, when there is a profile,
 * its collapsed stacks (CPU samples; {@code allocationStacks} the sampled heap allocation bytes, null
 * when the run has no allocation profile). A folder that is not a run folder is a {@link ToolError} naming what is missing.
 * {@code measuredErrorWindows} are summary.json's error windows that reach into the measured phase,
 * {@code measuredMillis} the measured phase's length (null when summary.json does not say),
 * {@code allocatedBytesPerRequest} the facade's (null for runs that did not measure it),
 * {@code processCpuMsPerRequest} the CPU time the OS counted for the facade JVM in the profile's window over the
 * requests served in it (null without a CPU profile).
 */
public record RunResult(String name, String variant, String status, Long speedProbeMs, Stats measured,
                        Map<String, Stats> requests, Double cpuMsPerRequest, Map<String, Double> threadGroups,
                        CollapsedStacks stacks, Map<String, String> versions, Map<String, String> knobs,
                        Map<String, String> machine, List<ErrorWindows.Window> measuredErrorWindows, Long measuredMillis,
                        Double allocatedBytesPerRequest, CollapsedStacks allocationStacks, Double processCpuMsPerRequest) {

    /** A run without the OS count of the facade's CPU. */
    public RunResult(String name, String variant, String status, Long speedProbeMs, Stats measured, Map<String, Stats> requests,
                     Double cpuMsPerRequest, Map<String, Double> threadGroups, CollapsedStacks stacks, Map<String, String> versions,
                     Map<String, String> knobs, Map<String, String> machine, List<ErrorWindows.Window> measuredErrorWindows,
                     Long measuredMillis, Double allocatedBytesPerRequest, CollapsedStacks allocationStacks) {
        this(name, variant, status, speedProbeMs, measured, requests, cpuMsPerRequest, threadGroups, stacks, versions, knobs, machine,
            measuredErrorWindows, measuredMillis, allocatedBytesPerRequest, allocationStacks, null);
    }

    /** A run without an allocation profile. */
    public RunResult(String name, String variant, String status, Long speedProbeMs, Stats measured, Map<String, Stats> requests,
                     Double cpuMsPerRequest, Map<String, Double> threadGroups, CollapsedStacks stacks, Map<String, String> versions,
                     Map<String, String> knobs, Map<String, String> machine, List<ErrorWindows.Window> measuredErrorWindows,
                     Long measuredMillis, Double allocatedBytesPerRequest) {
        this(name, variant, status, speedProbeMs, measured, requests, cpuMsPerRequest, threadGroups, stacks, versions, knobs, machine,
            measuredErrorWindows, measuredMillis, allocatedBytesPerRequest, null);
    }

    /** A run without the facade's allocation. */
    public RunResult(String name, String variant, String status, Long speedProbeMs, Stats measured, Map<String, Stats> requests,
                     Double cpuMsPerRequest, Map<String, Double> threadGroups, CollapsedStacks stacks, Map<String, String> versions,
                     Map<String, String> knobs, Map<String, String> machine, List<ErrorWindows.Window> measuredErrorWindows,
                     Long measuredMillis) {
        this(name, variant, status, speedProbeMs, measured, requests, cpuMsPerRequest, threadGroups, stacks, versions, knobs, machine,
            measuredErrorWindows, measuredMillis, null);
    }

    /** The numbers of a set of requests, as summary.json has them. */
    public record Stats(long requests, long ko, double rps, double p50Ms, double p95Ms, double p99Ms) {

        public double koPercent() {
            return requests == 0 ? 0 : 100.0 * ko / requests;
        }

        static Stats of(JsonNode node) {
            return new Stats(node.path("requests").asLong(), node.path("ko").asLong(), node.path("rps").asDouble(),
                node.path("p50Ms").asDouble(), node.path("p95Ms").asDouble(), node.path("p99Ms").asDouble());
        }
    }

    /** A run folder, or a folder of run folders (a series): every folder that holds a run.json. */
    public static List<RunResult> loadSeries(Path path) {
        if (!Files.isDirectory(path)) {
            throw new ToolError("no such folder: " + path);
        }
        if (Files.exists(path.resolve("run.json"))) {
            return List.of(load(path));
        }
        List<RunResult> runs = new ArrayList<>();
        try (Stream<Path> children = Files.list(path)) {
            for (Path child : children.filter(dir -> Files.exists(dir.resolve("run.json"))).sorted().toList()) {
                runs.add(load(child));
            }
        } catch (IOException e) {
            throw new ToolError("cannot list " + path + ": " + e.getMessage());
        }
        if (runs.isEmpty()) {
            throw new ToolError(path + " is neither a run folder (no run.json) nor a folder of run folders");
        }
        return runs;
    }

    public static RunResult load(Path folder) {
        JsonNode run = read(folder.resolve("run.json"));
        JsonNode summary = read(folder.resolve("summary.json"));
        if (!summary.has("measured")) {
            throw new ToolError(folder.resolve("summary.json") + " has no measured section");
        }
        Map<String, Stats> requests = new LinkedHashMap<>();
        summary.path("requests").forEach(r -> requests.put(r.path("name").asText(), Stats.of(r)));
        JsonNode profile = summary.path("profile");
        Map<String, Double> groups = new LinkedHashMap<>();
        profile.path("threadGroups").fields().forEachRemaining(e -> groups.put(e.getKey(), e.getValue().path("percent").asDouble()));
        boolean captured = "captured".equals(profile.path("status").asText());
        CollapsedStacks stacks = captured ? stacks(folder.resolve("profile").resolve(ProfileConverter.COLLAPSED)) : null;
        CollapsedStacks allocation = captured ? stacks(folder.resolve("profile").resolve(ProfileConverter.ALLOC_COLLAPSED)) : null;
        JsonNode window = summary.path("window");
        Long measuredMillis = window.path("startMillis").isNumber() && window.path("endMillis").isNumber()
            ? window.path("endMillis").asLong() - window.path("startMillis").asLong() : null;
        return new RunResult(folder.getFileName().toString(), run.path("variant").asText("?"), run.path("status").asText("?"),
            run.at("/machine/speedProbeMs").isNumber() ? run.at("/machine/speedProbeMs").asLong() : null,
            Stats.of(summary.get("measured")), requests,
            profile.path("cpuMsPerRequest").isNumber() ? profile.path("cpuMsPerRequest").asDouble() : null, groups, stacks,
            texts(run.path("versions")), texts(run.path("knobs")), texts(run.path("machine")), measuredWindows(summary.path("errors")),
            measuredMillis, summary.at("/facade/allocatedBytesPerRequest").isNumber()
                ? summary.at("/facade/allocatedBytesPerRequest").asDouble() : null, allocation, processCpuMsPerRequest(profile));
    }

    /**
     * The OS's count of the facade JVM's CPU time over the profile's window (/proc, read by the sidecar at its start and
     * stop) per request served in that window. Its run-to-run spread was about 0.3% where the samples' estimate spread
     * by 50% (2026-11-24): the samples came to 84-132% of the counted time.
     */
    static Double processCpuMsPerRequest(JsonNode profile) {
        long requests = profile.path("requests").asLong();
        return profile.path("targetCpuMs").isNumber() && requests > 0
            ? Math.round(profile.path("targetCpuMs").asDouble() / requests * 10_000) / 10_000.0 : null;
    }

    /** A profile's collapsed stacks, or null when the file is not there (a run without that profile). */
    private static CollapsedStacks stacks(Path collapsed) {
        if (!Files.exists(collapsed)) {
            return null;
        }
        try {
            return CollapsedStacks.read(collapsed);
        } catch (IOException | IllegalArgumentException e) {
            throw new ToolError("cannot read " + collapsed + ": " + e.getMessage());
        }
    }

    /** A JSON object's fields as text, in file order; empty when absent (runs written before the field existed). */
    private static Map<String, String> texts(JsonNode object) {
        Map<String, String> texts = new LinkedHashMap<>();
        object.fields().forEachRemaining(e -> texts.put(e.getKey(), e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString()));
        return texts;
    }

    private static List<ErrorWindows.Window> measuredWindows(JsonNode errors) {
        List<ErrorWindows.Window> windows = new ArrayList<>();
        for (JsonNode w : errors) {
            String phase = w.path("phase").asText(ErrorWindows.MEASURED);
            if (ErrorWindows.WARM_UP.equals(phase)) {
                continue;
            }
            List<ErrorWindows.Message> messages = new ArrayList<>();
            w.path("messages").forEach(m -> messages.add(new ErrorWindows.Message(m.path("message").asText(), m.path("count").asLong())));
            windows.add(new ErrorWindows.Window(w.path("startMillis").asLong(), w.path("endMillis").asLong(),
                w.path("startSecondsIntoRun").asDouble(), w.path("endSecondsIntoRun").asDouble(), phase,
                w.path("requests").asLong(), w.path("ko").asLong(), messages));
        }
        return windows;
    }

    private static JsonNode read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new ToolError("missing " + file + " (is " + file.getParent() + " a finished run folder?)");
        }
        try {
            return Json.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new ToolError("cannot read " + file + ": " + e.getMessage());
        }
    }
}
