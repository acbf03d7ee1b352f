package mailbench.profiler;

import java.util.List;

/**
 * What the profiler samples: {@code itimer} (CPU time via setitimer; works in containers, needs no
 * perf_events, the default), {@code cpu} (perf_events; needs kernel permission) or {@code wall}
 * (all threads, running or not), the sampling interval in milliseconds, and, in the same session,
 * one heap allocation sample every {@code allocBytes} bytes allocated (0: no allocation sampling).
 */
public record CaptureSettings(String event, int intervalMs, long allocBytes) {

    public static final String DEFAULT_EVENT = "itimer";
    public static final int DEFAULT_INTERVAL_MS = 10;
    /**
     * 2 MiB, four times async-profiler's own default: at 512 KiB the sampler's JVMTI callback took 3.2-3.9% of the
     * facade's CPU samples (about 100 us a sample; 6 runs of 2026-11-24, docs/results/2026-11-24-upgrade-3x.adoc), the
     * cost grows with the number of samples, and a run of the default shape still gets about 1,700 of them.
     * 0 switches allocation sampling off.
     */
    public static final long DEFAULT_ALLOC_BYTES = 2 * 1024 * 1024;
    public static final List<String> EVENTS = List.of("itimer", "cpu", "wall");

    public CaptureSettings {
        if (event == null || !EVENTS.contains(event)) {
            throw new IllegalArgumentException("profiler event must be one of " + EVENTS + ", got '" + event + "'");
        }
        if (intervalMs < 1 || intervalMs > 1_000) {
            throw new IllegalArgumentException("profiler interval must be 1-1000 ms, got " + intervalMs);
        }
        if (allocBytes < 0) {
            throw new IllegalArgumentException(allocBytesProblem(Long.toString(allocBytes)));
        }
    }

    /** With the default allocation sampling. */
    public CaptureSettings(String event, int intervalMs) {
        this(event, intervalMs, DEFAULT_ALLOC_BYTES);
    }

    public static CaptureSettings defaults() {
        return new CaptureSettings(DEFAULT_EVENT, DEFAULT_INTERVAL_MS);
    }

    /** This event and interval with allocation sampled every {@code bytes} (0: not sampled). */
    public CaptureSettings withAllocBytes(long bytes) {
        return new CaptureSettings(event, intervalMs, bytes);
    }

    /**
     * Bytes between two allocation samples as given by {@code option} (a knob, a command-line option, a query parameter):
     * 0 or a positive whole number; the message names the option.
     */
    public static long parseAllocBytes(String value, String option) {
        try {
            long parsed = Long.parseLong(value.strip());
            if (parsed >= 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + ": " + allocBytesProblem(value));
    }

    private static String allocBytesProblem(String value) {
        return "the allocation sampling interval must be 0 (no allocation sampling) or a whole number of bytes (default "
            + DEFAULT_ALLOC_BYTES + "), got '" + value + "'";
    }

    /** Whether samples x interval is CPU time (wall-clock samples also count threads that wait). */
    public boolean measuresCpu() {
        return !"wall".equals(event);
    }

    /** Whether heap allocations are sampled too. */
    public boolean samplesAllocation() {
        return allocBytes > 0;
    }
}
