package mailbench.facade.opensearch;

/**
 * A known cost added to every search and get, on the thread that completes the client's call (the client's I/O
 * thread, where opensearch-java parses the answer): {@code cpuMicros} of CPU as a fixed count of arithmetic steps
 * calibrated once per JVM ({@link FixedWork}), and {@code allocBytes} of heap in one array. It is the known truth that
 * calibrates a comparison (docs/nightly.adoc: what a night can detect): off by default, shown in /health, recorded with
 * every run that sets it. Until 2026-11-27 it was a spin by the monotonic clock, whose CPU depends on the scheduler: a
 * thread taken off its core mid-spin spends less than it spins. Measured here the loss was small (a 1 ms clock spin kept
 * 98.6-99.3% of its CPU beside 3 to 6 busy threads on 2 cores), but fixed work needs no such measurement on each host;
 * a spin on the thread's own CPU clock made a system call each microsecond, which slowed the code after it (19 us spun
 * cost 32 us a request, docs/results/2026-11-26-night-calibration.adoc).
 */
public record InjectedCost(int cpuMicros, int allocBytes) {

    public static final InjectedCost NONE = new InjectedCost(0, 0);

    /** A millisecond of CPU is three times what the facade spends on a search; more would only measure a slow facade. */
    public static final int MAX_CPU_MICROS = 10_000;
    public static final int MAX_ALLOC_BYTES = 16 * 1024 * 1024;

    /** An array's header: a request allocates {@code allocBytes} in all, header included (at least one header). */
    private static final int ARRAY_HEADER_BYTES = 16;

    /** Written on every allocation so the JIT cannot drop the array as unused. */
    private static volatile Object sink;

    public InjectedCost {
        if (cpuMicros < 0 || cpuMicros > MAX_CPU_MICROS) {
            throw new IllegalArgumentException("--inject-cpu-micros must be between 0 and " + MAX_CPU_MICROS + ", got " + cpuMicros);
        }
        if (allocBytes < 0 || allocBytes > MAX_ALLOC_BYTES) {
            throw new IllegalArgumentException("--inject-alloc-bytes must be between 0 and " + MAX_ALLOC_BYTES + ", got " + allocBytes);
        }
        if (cpuMicros > 0) {
            FixedWork.iterationsPerMicro(); // calibrated when the facade starts with a cost, not on its first request
        }
    }

    public boolean none() {
        return cpuMicros == 0 && allocBytes == 0;
    }

    /** Spends the cost on the calling thread and hands {@code value} on: a stage of the call's future. */
    public <T> T spendOn(T value) {
        if (allocBytes > 0) {
            sink = new byte[Math.max(0, allocBytes - ARRAY_HEADER_BYTES)];
        }
        if (cpuMicros > 0) {
            FixedWork.spend(cpuMicros);
        }
        return value;
    }

    /** As /health and the facade's start line say it: "none", or "120 us CPU + 4096 bytes per search and get". */
    public String describe() {
        return none() ? "none" : cpuMicros + " us CPU + " + allocBytes + " bytes per search and get";
    }
}
