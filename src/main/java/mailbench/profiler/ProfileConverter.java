package mailbench.profiler;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import one.convert.Arguments;
import one.convert.FlameGraph;
import one.convert.JfrToFlame;

import mailbench.json.Json;

/**
 * Turns one capture's JFR file into what a run folder keeps: collapsed stacks with thread names
 * (for re-conversion and diffs), a flame graph of the whole JVM whose roots are the thread
 * groups, a flame graph of the client event loop alone, the same capture's heap allocation samples
 * as a flame graph of bytes, and profile.json. Uses async-profiler's
 * own converter and flame graph writer, so the pages are the ones its users know.
 */
public final class ProfileConverter {

    public static final String JFR = "facade.jfr";
    public static final String COLLAPSED = "facade-threads.collapsed";
    public static final String WHOLE_JVM_HTML = "facade-flamegraph.html";
    public static final String EVENT_LOOP_HTML = "facade-event-loop.html";
    public static final String EVENT_LOOP_COLLAPSED = "facade-event-loop.collapsed";
    public static final String REPORT = "profile.json";
    public static final String ALLOC_COLLAPSED = "facade-alloc-threads.collapsed";
    public static final String ALLOC_HTML = "facade-alloc-flamegraph.html";

    private ProfileConverter() {
    }

    /**
     * Converts the samples of {@code jfr} from {@code startedAt} to {@code stoppedAt} (a window of the capture, or all of it)
     * into files in {@code dir}; the report lists them, and the JFR file under its own name.
     */
    public static ProfileReport convert(Path jfr, Path dir, CaptureSettings settings, long pid, Instant startedAt, Instant stoppedAt,
                                        Long targetCpuMs)
        throws IOException {
        Path collapsed = dir.resolve(COLLAPSED);
        List<String> eventArgs = "wall".equals(settings.event()) ? List.of("--wall") : List.of();
        Arguments toCollapsed = arguments(eventArgs, "--threads", "-o", "collapsed");
        // only the samples inside the window: the converter takes absolute epoch milliseconds
        toCollapsed.from = startedAt.toEpochMilli();
        toCollapsed.to = stoppedAt.toEpochMilli();
        JfrToFlame.convert(jfr.toString(), collapsed.toString(), toCollapsed);
        CollapsedStacks stacks = CollapsedStacks.read(collapsed);

        String what = settings.event() + ", " + settings.intervalMs() + " ms, pid " + pid;
        // whole JVM: one root per thread group, so the event loop, the server, GC and JIT read as blocks
        writeFlameGraph(stacks.toLines(stack -> "[" + stack.group().key() + "]"),
            "facade, whole JVM (" + what + "), roots are thread groups", dir.resolve(WHOLE_JVM_HTML));
        CollapsedStacks eventLoop = stacks.inGroup(ThreadGroup.CLIENT_EVENT_LOOP);
        List<String> eventLoopLines = eventLoop.toLines(stack -> null);
        Files.write(dir.resolve(EVENT_LOOP_COLLAPSED), eventLoopLines, StandardCharsets.UTF_8);
        writeFlameGraph(eventLoopLines, "facade, client event loop threads only (" + what + ")", dir.resolve(EVENT_LOOP_HTML));

        List<String> files = new ArrayList<>(List.of(WHOLE_JVM_HTML, EVENT_LOOP_HTML, COLLAPSED, EVENT_LOOP_COLLAPSED, JFR, REPORT));
        CollapsedStacks allocation = settings.samplesAllocation() ? allocation(jfr, dir, settings, startedAt, stoppedAt, what) : null;
        if (allocation != null) {
            files.addAll(List.of(ALLOC_HTML, ALLOC_COLLAPSED));
        }
        ProfileReport report = ProfileReport.of(settings, pid, startedAt, stoppedAt, targetCpuMs, stacks, allocation, files);
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(dir.resolve(REPORT).toFile(), report);
        return report;
    }

    /**
     * The window's allocation samples (taken in the same session as the CPU ones, see {@link CaptureSettings#allocBytes()}),
     * weighed in bytes, with one root per thread group; null when the window has none.
     */
    private static CollapsedStacks allocation(Path jfr, Path dir, CaptureSettings settings, Instant startedAt, Instant stoppedAt, String what)
        throws IOException {
        Path collapsed = dir.resolve(ALLOC_COLLAPSED);
        Arguments toCollapsed = arguments(List.of(), "--alloc", "--total", "--threads", "-o", "collapsed");
        toCollapsed.from = startedAt.toEpochMilli();
        toCollapsed.to = stoppedAt.toEpochMilli();
        JfrToFlame.convert(jfr.toString(), collapsed.toString(), toCollapsed);
        CollapsedStacks stacks = CollapsedStacks.read(collapsed);
        if (stacks.samples() == 0) {
            Files.delete(collapsed);
            return null;
        }
        writeFlameGraph(stacks.toLines(stack -> "[" + stack.group().key() + "]"), "facade, heap bytes allocated, whole JVM ("
            + what + ", allocations sampled every " + settings.allocBytes() + " bytes), roots are thread groups",
            dir.resolve(ALLOC_HTML));
        return stacks;
    }

    private static void writeFlameGraph(List<String> collapsedLines, String title, Path html) throws IOException {
        FlameGraph graph = new FlameGraph(arguments(List.of(), "--title", title));
        graph.parseCollapsed(new StringReader(String.join("\n", collapsedLines) + "\n"));
        try (OutputStream out = Files.newOutputStream(html)) {
            graph.dump(out);
        }
    }

    private static Arguments arguments(List<String> extra, String... args) {
        String[] all = new String[extra.size() + args.length];
        for (int i = 0; i < extra.size(); i++) {
            all[i] = extra.get(i);
        }
        System.arraycopy(args, 0, all, extra.size(), args.length);
        return new Arguments(all);
    }
}
