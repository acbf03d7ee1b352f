package mailbench.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import mailbench.errors.ToolError;
import mailbench.json.Json;
import mailbench.profiler.CollapsedStacks;
import mailbench.profiler.CostOwners;
import mailbench.runfolder.ErrorWindow;
import mailbench.runfolder.ProfileSection;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunRecord;
import mailbench.runfolder.RunSummary;

/**
 * One run folder as a comparison reads it: run.json, summary.json and, when there is a profile,
 * its collapsed stacks (CPU samples; {@code allocationStacks} the sampled heap allocation bytes, null
 * when the run has no allocation profile). A folder that is not a run folder is a {@link ToolError} naming what is missing.
 * {@code measuredErrorWindows} are summary.json's error windows that reach into the measured phase,
 * {@code measuredMillis} the measured phase's length (null when summary.json does not say),
 * {@code allocatedBytesPerRequest} the facade's (null for runs that did not measure it),
 * {@code processCpuMsPerRequest} the CPU time the OS counted for the facade JVM in the profile's window over the
 * requests served in it (null without a CPU profile), {@code requestPathCpuMsPerRequest} the OS count of the facade's request
 * path alone (its event loops and the client's I/O threads, without JIT, GC and timers) over the measured requests
 * (null for runs that did not read per-thread CPU).
 */
public record RunResult(String name, String variant, String status, Long speedProbeMs, Stats measured,
                        Map<String, Stats> requests, Double cpuMsPerRequest, Map<String, Double> threadGroups,
                        CollapsedStacks stacks, Map<String, String> versions, Map<String, String> knobs,
                        Map<String, String> machine, List<ErrorWindow> measuredErrorWindows, Long measuredMillis,
                        Double allocatedBytesPerRequest, CollapsedStacks allocationStacks, Double processCpuMsPerRequest,
                        Owners owners, Double requestPathCpuMsPerRequest) {

    /**
     * The judged totals split by whose cost the profile's samples are ({@link CostOwners}): the client's and the facade's own
     * bytes per request (allocation samples' shares of {@code allocatedBytesPerRequest}) and CPU ms per request (CPU samples'
     * shares of {@code processCpuMsPerRequest}); each null when its total or its profile is missing.
     */
    public record Owners(Double clientBytesPerRequest, Double facadeBytesPerRequest, Double clientCpuMsPerRequest,
                         Double facadeCpuMsPerRequest) {

        static Owners of(Double allocatedBytesPerRequest, CollapsedStacks allocationStacks, Double processCpuMsPerRequest,
                         CollapsedStacks stacks) {
            CostOwners.Split bytes = allocatedBytesPerRequest == null || allocationStacks == null ? null : CostOwners.of(allocationStacks);
            CostOwners.Split cpu = processCpuMsPerRequest == null || stacks == null ? null : CostOwners.of(stacks);
            return new Owners(part(allocatedBytesPerRequest, bytes, bytes == null ? 0 : bytes.client()),
                part(allocatedBytesPerRequest, bytes, bytes == null ? 0 : bytes.facade()),
                part(processCpuMsPerRequest, cpu, cpu == null ? 0 : cpu.client()),
                part(processCpuMsPerRequest, cpu, cpu == null ? 0 : cpu.facade()));
        }

        private static Double part(Double total, CostOwners.Split split, long samples) {
            return split == null || split.samples() == 0 ? null : Math.round(total * samples / split.samples() * 10_000) / 10_000.0;
        }
    }

    /** A run whose owners' split is made from its own totals and profiles. */
    public RunResult(String name, String variant, String status, Long speedProbeMs, Stats measured, Map<String, Stats> requests,
                     Double cpuMsPerRequest, Map<String, Double> threadGroups, CollapsedStacks stacks, Map<String, String> versions,
                     Map<String, String> knobs, Map<String, String> machine, List<ErrorWindow> measuredErrorWindows,
                     Long measuredMillis, Double allocatedBytesPerRequest, CollapsedStacks allocationStacks, Double processCpuMsPerRequest) {
        this(name, variant, status, speedProbeMs, measured, requests, cpuMsPerRequest, threadGroups, stacks, versions, knobs, machine,
            measuredErrorWindows, measuredMillis, allocatedBytesPerRequest, allocationStacks, processCpuMsPerRequest,
            Owners.of(allocatedBytesPerRequest, allocationStacks, processCpuMsPerRequest, stacks), null);
    }

    /** The same run with the OS count of its request path per request (null: not read). */
    public RunResult withRequestPathCpuMsPerRequest(Double perRequest) {
        return new RunResult(name, variant, status, speedProbeMs, measured, requests, cpuMsPerRequest, threadGroups, stacks, versions,
            knobs, machine, measuredErrorWindows, measuredMillis, allocatedBytesPerRequest, allocationStacks, processCpuMsPerRequest,
            owners, perRequest);
    }

    /** A run without the OS count of the facade's CPU. */
    public RunResult(String name, String variant, String status, Long speedProbeMs, Stats measured, Map<String, Stats> requests,
                     Double cpuMsPerRequest, Map<String, Double> threadGroups, CollapsedStacks stacks, Map<String, String> versions,
                     Map<String, String> knobs, Map<String, String> machine, List<ErrorWindow> measuredErrorWindows,
                     Long measuredMillis, Double allocatedBytesPerRequest, CollapsedStacks allocationStacks) {
        this(name, variant, status, speedProbeMs, measured, requests, cpuMsPerRequest, threadGroups, stacks, versions, knobs, machine,
            measuredErrorWindows, measuredMillis, allocatedBytesPerRequest, allocationStacks, null);
    }

    /** A run without an allocation profile. */
    public RunResult(String name, String variant, String status, Long speedProbeMs, Stats measured, Map<String, Stats> requests,
                     Double cpuMsPerRequest, Map<String, Double> threadGroups, CollapsedStacks stacks, Map<String, String> versions,
                     Map<String, String> knobs, Map<String, String> machine, List<ErrorWindow> measuredErrorWindows,
                     Long measuredMillis, Double allocatedBytesPerRequest) {
        this(name, variant, status, speedProbeMs, measured, requests, cpuMsPerRequest, threadGroups, stacks, versions, knobs, machine,
            measuredErrorWindows, measuredMillis, allocatedBytesPerRequest, null);
    }

    /** A run without the facade's allocation. */
    public RunResult(String name, String variant, String status, Long speedProbeMs, Stats measured, Map<String, Stats> requests,
                     Double cpuMsPerRequest, Map<String, Double> threadGroups, CollapsedStacks stacks, Map<String, String> versions,
                     Map<String, String> knobs, Map<String, String> machine, List<ErrorWindow> measuredErrorWindows,
                     Long measuredMillis) {
        this(name, variant, status, speedProbeMs, measured, requests, cpuMsPerRequest, threadGroups, stacks, versions, knobs, machine,
            measuredErrorWindows, measuredMillis, null);
    }

    /** The numbers of a set of requests, as summary.json has them. */
    public record Stats(long requests, long ko, double rps, double p50Ms, double p95Ms, double p99Ms) {

        public double koPercent() {
            return requests == 0 ? 0 : 100.0 * ko / requests;
        }

        static Stats of(RunSummary.Stats s) {
            return new Stats(s.requests(), s.ko(), s.rps(), s.p50Ms(), s.p95Ms(), s.p99Ms());
        }

        static Stats of(RunSummary.NamedStats s) {
            return new Stats(s.requests(), s.ko(), s.rps(), s.p50Ms(), s.p95Ms(), s.p99Ms());
        }
    }

    /** A run folder, or a folder of run folders (a series): every folder that holds a run.json. */
    public static List<RunResult> loadSeries(Path path) {
        if (!Files.isDirectory(path)) {
            throw new ToolError("no such folder: " + path);
        }
        if (RunFolder.isRun(path)) {
            return List.of(load(path));
        }
        List<RunResult> runs = new ArrayList<>();
        try (Stream<Path> children = Files.list(path)) {
            for (Path child : children.filter(RunFolder::isRun).sorted().toList()) {
                runs.add(load(child));
            }
        } catch (IOException e) {
            throw new ToolError("cannot list " + path + ": " + e.getMessage());
        }
        if (runs.isEmpty()) {
            throw new ToolError(path + " is neither a run folder (no " + RunFolder.RUN_JSON + ") nor a folder of run folders");
        }
        return runs;
    }

    public static RunResult load(Path folder) {
        RunFolder run = RunFolder.of(folder);
        RunRecord record = read(run.runJson(), run::readRecord);
        RunSummary summary = read(run.summaryJson(), run::readSummary);
        if (summary.measured() == null) {
            throw new ToolError(run.summaryJson() + " has no measured section");
        }
        Map<String, Stats> requests = new LinkedHashMap<>();
        listOrEmpty(summary.requests()).forEach(r -> requests.put(r.name(), Stats.of(r)));
        ProfileSection profile = summary.profile();
        Map<String, Double> groups = new LinkedHashMap<>();
        if (profile != null && profile.threadGroups() != null) {
            profile.threadGroups().fields().forEachRemaining(e -> groups.put(e.getKey(), e.getValue().path("percent").asDouble()));
        }
        boolean captured = profile != null && ProfileSection.CAPTURED.equals(profile.status());
        CollapsedStacks stacks = captured ? stacks(run.collapsedStacks()) : null;
        CollapsedStacks allocation = captured ? stacks(run.allocationStacks()) : null;
        RunSummary.Window window = summary.window();
        Long measuredMillis = window == null ? null : window.endMillis() - window.startMillis();
        Object speedProbe = record.machine.get("speedProbeMs");
        RunResult result = new RunResult(folder.getFileName().toString(), orUnknown(record.variant), orUnknown(record.status),
            speedProbe instanceof Number n ? n.longValue() : null, Stats.of(summary.measured()), requests,
            profile == null ? null : profile.cpuMsPerRequest(), groups, stacks, texts(record.versions), texts(record.knobs),
            texts(record.machine), measuredWindows(listOrEmpty(summary.errors())), measuredMillis,
            summary.facade() == null ? null : summary.facade().allocatedBytesPerRequest(), allocation,
            processCpuMsPerRequest(profile));
        return result.withRequestPathCpuMsPerRequest(summary.facade() == null ? null : summary.facade().requestPathCpuMsPerRequest());
    }

    /**
     * The OS's count of the facade JVM's CPU time over the profile's window (/proc, read by the sidecar at its start and
     * stop) per request served in that window. Its run-to-run spread was 1% or less where the samples' estimate spread
     * by 50% (docs/results/2026-11-24-upgrade-3x.adoc): the samples came to 84-132% of the counted time.
     */
    static Double processCpuMsPerRequest(ProfileSection profile) {
        return profile == null || profile.targetCpuMs() == null || profile.requests() == null || profile.requests() <= 0 ? null
            : Math.round(profile.targetCpuMs() / (double) profile.requests() * 10_000) / 10_000.0;
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

    private static String orUnknown(String field) {
        return field == null ? "?" : field;
    }

    private static <T> List<T> listOrEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    /** A run.json object's fields as text, in file order; empty when absent (runs written before the field existed). */
    private static Map<String, String> texts(Map<String, ?> object) {
        Map<String, String> texts = new LinkedHashMap<>();
        if (object != null) {
            Json.MAPPER.valueToTree(object).fields().forEachRemaining(e -> texts.put(e.getKey(),
                e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString()));
        }
        return texts;
    }

    private static List<ErrorWindow> measuredWindows(List<ErrorWindow> errors) {
        List<ErrorWindow> windows = new ArrayList<>();
        for (ErrorWindow w : errors) {
            String phase = w.phase() == null ? ErrorWindow.MEASURED : w.phase();
            if (ErrorWindow.WARM_UP.equals(phase)) {
                continue;
            }
            windows.add(new ErrorWindow(w.startMillis(), w.endMillis(), w.startSecondsIntoRun(), w.endSecondsIntoRun(), phase,
                w.requests(), w.ko(), listOrEmpty(w.messages())));
        }
        return windows;
    }

    private static <T> T read(Path file, RunFolder.Reading<T> reading) {
        if (!Files.isRegularFile(file)) {
            throw new ToolError("missing " + file + " (is " + file.getParent() + " a finished run folder?)");
        }
        try {
            return reading.read();
        } catch (IOException e) {
            throw new ToolError("cannot read " + file + ": " + e.getMessage());
        }
    }
}
