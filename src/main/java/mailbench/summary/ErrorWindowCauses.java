package mailbench.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import mailbench.meters.HostCpu;
import mailbench.meters.JvmPauses;
import mailbench.meters.ThreadCpu;
import mailbench.runfolder.CpuSection;
import mailbench.runfolder.ErrorWindow;

/**
 * Names the cause of each error window from what the run recorded around it: the kind of failure Gatling saw (503s,
 * backend errors, timeouts, refused connections), how long each JVM of the stack stood still in safepoints (GC pauses
 * included) and where the machine's CPU went. A comparison uses it to tell a disturbed run from a slower variant.
 */
public final class ErrorWindowCauses {

    /** Stop-the-world time that explains a window by itself: at 1,000 req/s, 100 ms piles up 100 calls. */
    static final double LONG_PAUSE_MS = 100;
    /** Idle CPU below this share of the machine's cores: the stack was starved. */
    static final double STARVED_IDLE_SHARE = 0.1;
    /** Stolen CPU above this many cores: the hypervisor took the time. */
    static final double STEAL_CORES = 0.2;
    /** Margin around a window: a pause that ends just before the first KO can cause it; HostCpu reads once a second. */
    static final long MARGIN_MILLIS = 2_000;



    /** Threads named in a cause, at most, and the least extra work (cores above usual) that gets one named. */
    static final int BUSIEST_THREADS = 5;
    static final double BUSY_EXCESS_CORES = 0.05;

    private ErrorWindowCauses() {
    }

    /** Each window with its cause; {@code cpu} may be null (no /proc), {@code pauses} by JVM role (opensearch, facade). */
    public static List<ErrorWindow> annotate(List<ErrorWindow> windows, HostCpu cpu, Map<String, JvmPauses> pauses) {
        return annotate(windows, cpu, null, 0, Long.MAX_VALUE, pauses);
    }

    /**
     * As above, with each thread's CPU ({@code threads}, may be null) compared with its usual over [usualFrom, usualTo]
     * (the measured phase); the threads' full names are asked of the JVMs only when there is a window to explain.
     */
    static List<ErrorWindow> annotate(List<ErrorWindow> windows, HostCpu cpu, ThreadCpu threads, long usualFrom,
                                              long usualTo, Map<String, JvmPauses> pauses) {
        if (windows == null) {
            return null;
        }
        if (threads != null && !windows.isEmpty()) {
            threads.nameThreads();
        }
        List<ErrorWindow> annotated = new ArrayList<>();
        for (ErrorWindow window : windows) {
            long from = window.startMillis() - MARGIN_MILLIS;
            long to = window.endMillis() + MARGIN_MILLIS;
            List<ErrorWindow.BusyThread> busy = threads == null ? List.of()
                : threads.busiest(from, to, usualFrom, usualTo, BUSIEST_THREADS, BUSY_EXCESS_CORES).stream()
                    .map(b -> new ErrorWindow.BusyThread(b.process(), b.thread(), b.cores(), b.usualCores())).toList();
            annotated.add(window.withCause(cause(window.messages(), cpu == null ? null : cpu.between(from, to), busy, pauses, from, to)));
        }
        return annotated;
    }

    static ErrorWindow.Cause cause(List<ErrorWindow.Message> messages, CpuSection cpu, Map<String, JvmPauses> pauses, long from, long to) {
        return cause(messages, cpu, List.of(), pauses, from, to);
    }

    static ErrorWindow.Cause cause(List<ErrorWindow.Message> messages, CpuSection cpu, List<ErrorWindow.BusyThread> busy, Map<String, JvmPauses> pauses,
                       long from, long to) {
        String kind = kind(messages);
        Map<String, Double> stopped = new LinkedHashMap<>();
        String longestJvm = null;
        JvmPauses.Pause longest = null;
        for (Map.Entry<String, JvmPauses> jvm : pauses.entrySet()) {
            stopped.put(jvm.getKey(), Math.round(jvm.getValue().stoppedMs(from, to) * 10) / 10.0);
            JvmPauses.Pause pause = jvm.getValue().longest(from, to);
            if (pause != null && (longest == null || pause.totalMs() > longest.totalMs())) {
                longest = pause;
                longestJvm = jvm.getKey();
            }
        }
        Double idle = cpu == null ? null : cpu.idle();
        Double steal = cpu == null ? null : cpu.steal();
        String stall;
        String why;
        // one pause long enough to pile calls up; many short ones spread over the margin do not explain a window by themselves
        if (longest != null && longest.totalMs() >= LONG_PAUSE_MS) {
            stall = "jvm-pause";
            why = String.format(Locale.ROOT, "%s stood still %.0f ms in safepoints (longest %.0f ms, %s)", longestJvm,
                stopped.get(longestJvm), longest.totalMs(), longest.operation());
        } else if (steal != null && steal > STEAL_CORES) {
            stall = "steal";
            why = String.format(Locale.ROOT, "the hypervisor stole %.2f cores", steal);
        } else if (cpu != null && cpu.quotaIdle() != null && cpu.quotaIdle() < STARVED_IDLE_SHARE * cpu.quotaCores()) {
            stall = "cpu-starved";
            why = String.format(Locale.ROOT, "the CPU quota was used up (idle %.2f of its %.2f cores, throttled in %.0f%% of its"
                + " periods; %s)", cpu.quotaIdle(), cpu.quotaCores(), 100 * (cpu.throttled() == null ? 0 : cpu.throttled()), whoUsedIt(cpu));
        } else if (idle != null && idle < STARVED_IDLE_SHARE * cpu.cores()) {
            stall = "cpu-starved";
            why = String.format(Locale.ROOT, "the machine was out of CPU (idle %.2f of %d cores; %s)", idle, cpu.cores(), whoUsedIt(cpu));
        } else {
            stall = "none-seen";
            why = "no JVM pause over " + (int) LONG_PAUSE_MS + " ms"
                + (idle == null ? "" : String.format(Locale.ROOT, ", CPU to spare (idle %.2f of %d cores)", idle, cpu.cores()))
                + ": see logs/node-stats-*.json and the node's log";
        }
        return new ErrorWindow.Cause(kind, stall, label(kind) + "; " + why + aboveUsual(busy), stopped, idle, steal,
            cpu == null ? Map.of() : cpu.processes(), cpu == null ? null : cpu.otherProcesses(), busy);
    }

    /** "; threads above their usual: opensearch 'C2 CompilerThread0' 0.62 cores (usually 0.03), ...", or nothing. */
    static String aboveUsual(List<ErrorWindow.BusyThread> busy) {
        if (busy.isEmpty()) {
            return "";
        }
        return busy.stream().map(b -> String.format(Locale.ROOT, "%s '%s' %.2f cores (usually %.2f)", b.process(), b.thread(), b.cores(),
            b.usualCores())).collect(java.util.stream.Collectors.joining(", ", "; threads above their usual: ", ""));
    }

    /** "opensearch 1.20, facade 0.48, gatling 0.30, other processes 0.00 cores", biggest first. */
    static String whoUsedIt(CpuSection cpu) {
        Map<String, Double> used = new LinkedHashMap<>(cpu.processes());
        if (cpu.otherProcesses() != null) {
            used.put("other processes", cpu.otherProcesses());
        }
        return used.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed())
            .map(e -> String.format(Locale.ROOT, "%s %.2f", e.getKey(), e.getValue()))
            .collect(java.util.stream.Collectors.joining(", ", "", " cores"));
    }

    /** The failure most requests of the window saw, from Gatling's messages. */
    static String kind(List<ErrorWindow.Message> messages) {
        Map<String, Long> kinds = new LinkedHashMap<>();
        for (ErrorWindow.Message message : messages) {
            kinds.merge(kindOf(message.message()), message.count(), Long::sum);
        }
        return kinds.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("other");
    }

    private static String kindOf(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        if (m.contains("found 503")) {
            return "shed-or-unavailable";
        }
        if (m.matches(".*found 5\\d\\d.*")) {
            return "backend-error";
        }
        if (m.contains("timeout") || m.contains("timed out")) {
            return "timeout";
        }
        if (m.contains("connect") || m.contains("closed") || m.contains("reset")) {
            return "connection";
        }
        return "other";
    }

    private static String label(String kind) {
        return switch (kind) {
            case "shed-or-unavailable" -> "503: the facade shed load (run.json facadeRefused says which bound) or OpenSearch was unavailable";
            case "backend-error" -> "5xx from the facade: OpenSearch failed";
            case "timeout" -> "requests timed out";
            case "connection" -> "connections refused or closed";
            default -> "other failures";
        };
    }
}
