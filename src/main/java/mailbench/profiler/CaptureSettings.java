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
    /**
     * itimer samples on the kernel tick (250 Hz here: 4 ms): a shorter interval gets no more samples, and samples x interval
     * would then undercount the CPU time in proportion.
     */
    public static final int ITIMER_MIN_INTERVAL_MS = 4;
    public static final int MAX_INTERVAL_MS = 1_000;
    /**
     * 512 KiB, async-profiler's own default: each allocation sample runs a JVMTI callback of about 100 us on the allocating
     * thread, 3.2-3.9% of the facade's CPU at this interval and 1,000 req/s (docs/profiling.adoc); at a few bytes it would
     * fire on nearly every allocation, costing more than it measures.
     */
    public static final long MIN_ALLOC_BYTES = 512 * 1024;

    public CaptureSettings {
        requireEvent(event);
        int floor = minIntervalMs(event);
        if (intervalMs < floor || intervalMs > MAX_INTERVAL_MS) {
            throw new IllegalArgumentException("profiler interval must be " + floor + "-" + MAX_INTERVAL_MS + " ms for " + event
                + (floor > 1 ? " (it cannot sample faster than the kernel tick, " + floor + " ms at 250 Hz)" : "") + ", got " + intervalMs);
        }
        if (allocBytes < 0 || allocBytes > 0 && allocBytes < MIN_ALLOC_BYTES) {
            throw new IllegalArgumentException(allocBytesProblem(Long.toString(allocBytes)));
        }
    }

    /** {@code event} if it is one of {@link #EVENTS}, else an IllegalArgumentException listing them. */
    public static String requireEvent(String event) {
        if (event == null || !EVENTS.contains(event)) {
            throw new IllegalArgumentException("profiler event must be one of " + EVENTS + ", got '" + event + "'");
        }
        return event;
    }

    /** The shortest interval {@code event} samples at as asked: the kernel tick for itimer, else 1 ms. */
    public static int minIntervalMs(String event) {
        return "itimer".equals(event) ? ITIMER_MIN_INTERVAL_MS : 1;
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
     * 0 or a whole number of at least {@link #MIN_ALLOC_BYTES}; the message names the option.
     */
    public static long parseAllocBytes(String value, String option) {
        try {
            long parsed = Long.parseLong(value.strip());
            if (parsed == 0 || parsed >= MIN_ALLOC_BYTES) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + ": " + allocBytesProblem(value));
    }

    private static String allocBytesProblem(String value) {
        return "the allocation sampling interval must be 0 (no allocation sampling) or a whole number of bytes of at least "
            + MIN_ALLOC_BYTES + " (512 KiB: each sample costs the target about 100 us of CPU, so a shorter interval costs more than"
            + " it measures; default " + DEFAULT_ALLOC_BYTES + "), got '" + value + "'";
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
