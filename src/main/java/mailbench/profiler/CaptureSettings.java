package mailbench.profiler;

import java.util.List;

/**
 * What the profiler samples: {@code itimer} (CPU time via setitimer; works in containers, needs no
 * perf_events, the default), {@code cpu} (perf_events; needs kernel permission) or {@code wall}
 * (all threads, running or not), and the sampling interval in milliseconds.
 */
public record CaptureSettings(String event, int intervalMs) {

    public static final String DEFAULT_EVENT = "itimer";
    public static final int DEFAULT_INTERVAL_MS = 10;
    public static final List<String> EVENTS = List.of("itimer", "cpu", "wall");

    public CaptureSettings {
        if (event == null || !EVENTS.contains(event)) {
            throw new IllegalArgumentException("profiler event must be one of " + EVENTS + ", got '" + event + "'");
        }
        if (intervalMs < 1 || intervalMs > 1_000) {
            throw new IllegalArgumentException("profiler interval must be 1-1000 ms, got " + intervalMs);
        }
    }

    public static CaptureSettings defaults() {
        return new CaptureSettings(DEFAULT_EVENT, DEFAULT_INTERVAL_MS);
    }

    /** Whether samples x interval is CPU time (wall-clock samples also count threads that wait). */
    public boolean measuresCpu() {
        return !"wall".equals(event);
    }
}
