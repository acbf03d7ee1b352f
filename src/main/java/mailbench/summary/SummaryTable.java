package mailbench.summary;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Collectors;

import mailbench.runfolder.CpuSection;
import mailbench.runfolder.ErrorWindow;
import mailbench.runfolder.RunSummary;

/** The console view of a summary: one line per request name, then the measured total, the error windows and the cores used. */
public final class SummaryTable {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private SummaryTable() {
    }

    public static String format(RunSummary summary) {
        StringBuilder out = new StringBuilder("measured phase" + (summary.complete() ? "" : " (INCOMPLETE)") + ":\n");
        out.append(String.format("  %-28s %9s %7s %9s %7s %7s %7s %7s%n", "request", "count", "KO", "req/s", "p50ms", "p95ms",
            "p99ms", "maxms"));
        for (RunSummary.NamedStats s : summary.requests()) {
            out.append(String.format("  %-28s %9d %7d %9.1f %7d %7d %7d %7d%n", s.name(), s.requests(), s.ko(), s.rps(), s.p50Ms(),
                s.p95Ms(), s.p99Ms(), s.maxMs()));
        }
        RunSummary.Stats m = summary.measured();
        out.append(String.format("  %-28s %9d %7d %9.1f %7d %7d %7d %7d", "ALL MEASURED", m.requests(), m.ko(), m.rps(), m.p50Ms(),
            m.p95Ms(), m.p99Ms(), m.maxMs()));
        if (summary.errors() != null) {
            out.append(errors(summary.errors()));
        }
        CpuSection cpu = summary.cpu();
        if (cpu != null) {
            StringBuilder line = new StringBuilder("\n  cores used (of " + cpu.cores() + "):");
            cpu.processes().forEach((name, cores) -> line.append(String.format(" %s %.2f,", name, cores)));
            if (cpu.busy() != null) {
                line.append(String.format(" other processes %.2f | host busy %.2f, stolen by the hypervisor %.2f, idle %.2f",
                    cpu.otherProcesses(), cpu.busy(), cpu.steal(), cpu.idle()));
            }
            if (cpu.quotaCores() != null) {
                line.append(String.format(" | CPU quota %.2f cores: left idle %.2f, throttled in %.0f%% of its periods", cpu.quotaCores(),
                    cpu.quotaIdle(), cpu.throttled() == null ? Double.NaN : 100 * cpu.throttled()));
            }
            out.append(line);
        }
        return out.toString();
    }

    /** One line per error window (warm-up included), or "no errors". */
    static String errors(List<ErrorWindow> windows) {
        if (windows.isEmpty()) {
            return "\n  errors: none (no KO, warm-up included)";
        }
        StringBuilder out = new StringBuilder("\n  errors (by request start; stretches of KO at most " + ErrorWindows.MERGE_GAP_SECONDS
            + " s apart form one window):");
        for (ErrorWindow w : windows) {
            out.append(String.format("%n    %s-%s UTC (%.1f-%.1f s into the run, %s): %d of %d requests KO; %s", CLOCK.format(
                Instant.ofEpochMilli(w.startMillis())), CLOCK.format(Instant.ofEpochMilli(w.endMillis())), w.startSecondsIntoRun(),
                w.endSecondsIntoRun(), w.phase(), w.ko(), w.requests(),
                w.messages().stream().map(m -> m.message() + " x " + m.count()).collect(Collectors.joining(", "))));
            if (w.cause() != null) {
                out.append("\n      cause: ").append(w.cause().text());
            }
        }
        return out.toString();
    }
}
