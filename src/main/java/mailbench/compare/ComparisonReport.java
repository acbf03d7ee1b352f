package mailbench.compare;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import one.convert.Arguments;
import one.convert.FlameGraph;

import mailbench.html.InlinePage;
import mailbench.json.Json;
import mailbench.profiler.CollapsedStacks;
import mailbench.profiler.ThreadGroup;

/**
 * Writes a comparison's files: comparison.json (numbers and verdict), junit.xml (one test case per
 * metric, for CI servers), comparison.html (one self-contained page, Chart.js inlined from its
 * webjar so it works offline) and the differential flame graphs in both directions: of the client
 * event loop's CPU samples and, when every run has its allocation profile, of the whole JVM's heap allocation bytes.
 */
public final class ComparisonReport {

    public static final String JSON = "comparison.json";
    public static final String HTML = "comparison.html";
    public static final String JUNIT = "junit.xml";
    public static final String DIFF_GREW = "diff-event-loop-current-over-base.html";
    public static final String DIFF_SHRANK = "diff-event-loop-base-over-current.html";
    public static final String DIFF_ALLOC_GREW = "diff-alloc-current-over-base.html";
    public static final String DIFF_ALLOC_SHRANK = "diff-alloc-base-over-current.html";

    private ComparisonReport() {
    }

    public static List<Path> write(Comparison comparison, List<RunResult> base, List<RunResult> current, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        Path json = dir.resolve(JSON);
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(json.toFile(), comparison);
        files.add(json);
        files.add(Files.writeString(dir.resolve(JUNIT), JUnitXml.of(comparison), StandardCharsets.UTF_8));
        List<String> diffs = diffs(base, current, run -> run.stacks() == null ? null : run.stacks().inGroup(ThreadGroup.CLIENT_EVENT_LOOP),
            stack -> null, "event loop", DIFF_GREW, DIFF_SHRANK, dir);
        // whole JVM, one root per thread group, as the runs' own allocation flame graphs
        List<String> allocationDiffs = diffs(base, current, RunResult::allocationStacks, stack -> "[" + stack.group().key() + "]",
            "heap bytes allocated", DIFF_ALLOC_GREW, DIFF_ALLOC_SHRANK, dir);
        diffs.forEach(diff -> files.add(dir.resolve(diff)));
        allocationDiffs.forEach(diff -> files.add(dir.resolve(diff)));
        files.add(Files.writeString(dir.resolve(HTML), page(comparison, base, current, diffs, allocationDiffs), StandardCharsets.UTF_8));
        return files;
    }

    /** Both directions' differential flame graphs of one profile; none when a run lacks it. */
    private static List<String> diffs(List<RunResult> base, List<RunResult> current, Function<RunResult, CollapsedStacks> stacks,
                                      Function<CollapsedStacks.Stack, String> rootOf, String what, String grew, String shrank, Path dir)
        throws IOException {
        if (!base.stream().allMatch(run -> stacks.apply(run) != null) || !current.stream().allMatch(run -> stacks.apply(run) != null)) {
            return List.of();
        }
        String before = lines(base, stacks, rootOf);
        String after = lines(current, stacks, rootOf);
        // the converter's diff keeps the second graph's shape: each direction shows what only one side has
        diff(before, after, what + ": frames that grew in current (red) / shrank (blue)", dir.resolve(grew));
        diff(after, before, what + ": base's shape, what current lost (blue) / gained (red)", dir.resolve(shrank));
        return List.of(grew, shrank);
    }

    /** The side's stacks of one profile, all runs together. */
    private static String lines(List<RunResult> runs, Function<RunResult, CollapsedStacks> stacks, Function<CollapsedStacks.Stack, String> rootOf) {
        StringBuilder lines = new StringBuilder();
        for (RunResult run : runs) {
            stacks.apply(run).toLines(rootOf).forEach(line -> lines.append(line).append('\n'));
        }
        return lines.toString();
    }

    private static void diff(String before, String after, String title, Path html) throws IOException {
        FlameGraph old = new FlameGraph(new Arguments());
        old.parseCollapsed(new StringReader(before));
        FlameGraph graph = new FlameGraph(new Arguments("--title", title));
        graph.parseCollapsed(new StringReader(after));
        graph.diff(old);
        try (OutputStream out = Files.newOutputStream(html)) {
            graph.dump(out);
        }
    }

    private static String page(Comparison comparison, List<RunResult> base, List<RunResult> current, List<String> diffs,
                               List<String> allocationDiffs) throws IOException {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("comparison", comparison);
        data.put("baseRuns", runRows(base));
        data.put("currentRuns", runRows(current));
        data.put("diffs", diffs);
        data.put("allocationDiffs", allocationDiffs);
        return InlinePage.render(ComparisonReport.class, HTML, data);
    }

    private static List<Map<String, Object>> runRows(List<RunResult> runs) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (RunResult run : runs) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", run.name());
            row.put("variant", run.variant());
            row.put("status", run.status());
            row.put("speedProbeMs", run.speedProbeMs());
            row.put("rps", run.measured().rps());
            row.put("koPercent", Comparer.round(run.measured().koPercent()));
            row.put("p99Ms", run.measured().p99Ms());
            row.put("requestPathCpuMsPerRequest", run.requestPathCpuMsPerRequest());
            row.put("processCpuMsPerRequest", run.processCpuMsPerRequest());
            row.put("cpuMsPerRequest", run.cpuMsPerRequest());
            row.put("allocatedBytesPerRequest", run.allocatedBytesPerRequest());
            row.put("errorWindows", run.measuredErrorWindows().stream().map(w -> ErrorWindowGuard.describe(run, w)).toList());
            rows.add(row);
        }
        return rows;
    }
}
