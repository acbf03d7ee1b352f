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

import one.convert.Arguments;
import one.convert.FlameGraph;

import mailbench.html.InlinePage;
import mailbench.json.Json;
import mailbench.profiler.ThreadGroup;

/**
 * Writes a comparison's files: comparison.json (numbers and verdict), junit.xml (one test case per
 * metric, for CI servers), comparison.html (one self-contained page, Chart.js inlined from its
 * webjar so it works offline) and the differential flame graphs in both directions.
 */
public final class ComparisonReport {

    public static final String JSON = "comparison.json";
    public static final String HTML = "comparison.html";
    public static final String JUNIT = "junit.xml";
    public static final String DIFF_GREW = "diff-event-loop-current-over-base.html";
    public static final String DIFF_SHRANK = "diff-event-loop-base-over-current.html";

    private ComparisonReport() {
    }

    public static List<Path> write(Comparison comparison, List<RunResult> base, List<RunResult> current, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        Path json = dir.resolve(JSON);
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(json.toFile(), comparison);
        files.add(json);
        files.add(Files.writeString(dir.resolve(JUNIT), JUnitXml.of(comparison), StandardCharsets.UTF_8));
        List<String> diffs = new ArrayList<>();
        if (base.stream().allMatch(run -> run.stacks() != null) && current.stream().allMatch(run -> run.stacks() != null)) {
            // the converter's diff keeps the second graph's shape: each direction shows what only one side has
            diff(eventLoop(base), eventLoop(current), "event loop: frames that grew in current (red) / shrank (blue)", dir.resolve(DIFF_GREW));
            diff(eventLoop(current), eventLoop(base), "event loop: base's shape, what current lost (blue) / gained (red)", dir.resolve(DIFF_SHRANK));
            diffs.add(DIFF_GREW);
            diffs.add(DIFF_SHRANK);
            files.add(dir.resolve(DIFF_GREW));
            files.add(dir.resolve(DIFF_SHRANK));
        }
        files.add(Files.writeString(dir.resolve(HTML), page(comparison, base, current, diffs), StandardCharsets.UTF_8));
        return files;
    }

    /** The side's event-loop stacks, all runs together, without thread roots. */
    private static String eventLoop(List<RunResult> runs) {
        StringBuilder lines = new StringBuilder();
        for (RunResult run : runs) {
            run.stacks().inGroup(ThreadGroup.CLIENT_EVENT_LOOP).toLines(stack -> null).forEach(line -> lines.append(line).append('\n'));
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

    private static String page(Comparison comparison, List<RunResult> base, List<RunResult> current, List<String> diffs) throws IOException {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("comparison", comparison);
        data.put("baseRuns", runRows(base));
        data.put("currentRuns", runRows(current));
        data.put("diffs", diffs);
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
            row.put("cpuMsPerRequest", run.cpuMsPerRequest());
            row.put("allocatedBytesPerRequest", run.allocatedBytesPerRequest());
            row.put("errorWindows", run.measuredErrorWindows().stream().map(w -> ErrorWindowGuard.describe(run, w)).toList());
            rows.add(row);
        }
        return rows;
    }
}
