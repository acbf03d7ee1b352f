package mailbench.facade.opensearch;

/**
 * A known cost added to every search and get, on the thread that completes the client's call (the client's I/O
 * thread, where opensearch-java parses the answer): {@code cpuMicros} spun on that thread by the monotonic clock, and
 * {@code allocBytes} of heap in one array. It is the known truth that calibrates a comparison (docs/nightly.adoc: what a
 * night can detect): off by default, shown in /health, recorded with every run that sets it. The spin reads
 * {@link System#nanoTime()}, which costs no system call: a spin on the thread's own CPU clock made one system call a
 * microsecond, and those calls slowed the code after them, so 19 us spun cost 32 us of CPU a request
 * (docs/results/2026-11-26-night-calibration.adoc). A thread preempted mid-spin spends less than the spin; on these
 * hosts a 20 us spin is rarely cut.
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
            spin();
        }
        return value;
    }

    private void spin() {
        long until = System.nanoTime() + cpuMicros * 1_000L;
        long spins = 0;
        while (System.nanoTime() < until) {
            spins++;
        }
        if (spins < 0) {
            sink = spins; // never: keeps the loop's counter alive
        }
    }

    /** As /health and the facade's start line say it: "none", or "120 us CPU + 4096 bytes per search and get". */
    public String describe() {
        return none() ? "none" : cpuMicros + " us CPU + " + allocBytes + " bytes per search and get";
    }
}
