package mailbench.it.support;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;

import jakarta.json.spi.JsonProvider;

import mailbench.stack.ChildSignals;

/**
 * A JVM with a known hot spot, for checking the profiler's numbers: one thread, named like the
 * client's event loop, spends {@value #PROVIDER_PERCENT}% of its CPU time in
 * {@code JsonProvider.provider()} (the per-parse SPI lookup of opensearch-java #292) and the rest in plain
 * arithmetic. The split is kept by the thread's own CPU clock, so it holds on a busy machine.
 *
 * <p>Arguments: parent PID (the demo exits when it is gone).
 */
public final class HotSpotDemo {

    public static final int PROVIDER_PERCENT = 60;
    public static final String THREAD = "httpclient-dispatch-1";
    /** The line the demo prints once its hot thread runs. */
    static final String RUNNING = "hot spot running";
    private static final long CYCLE_MIN_NANOS = 2_000_000;
    private static final long CYCLE_SPREAD_NANOS = 16_000_000;

    private HotSpotDemo() {
    }

    public static void main(String[] args) throws InterruptedException {
        ChildSignals.exitWhenGone(Long.parseLong(args[0]), 0);
        Thread hot = new Thread(HotSpotDemo::alternate, THREAD);
        hot.setDaemon(true);
        hot.start();
        System.out.println(RUNNING);
        hot.join();
    }

    /**
     * Cycles of random length (2-18 ms of thread CPU, 10 on average) rather than a fixed 10 ms: a cycle as long as the
     * profiler's 10 ms interval would put every sample at the same point of it and read 0% or 100% instead of the
     * share. Each cycle aims at the running totals, so the overshoot of one phase is paid back in the next cycle.
     */
    private static void alternate() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Random cycles = new Random();
        long start = threads.getCurrentThreadCpuTime();
        long inProvider = 0;
        long sink = 0;
        while (true) {
            long cycleEnd = threads.getCurrentThreadCpuTime() - start + CYCLE_MIN_NANOS + (long) (cycles.nextDouble() * CYCLE_SPREAD_NANOS);
            long providerGoal = cycleEnd * PROVIDER_PERCENT / 100;
            long phaseStart = threads.getCurrentThreadCpuTime();
            while (inProvider + threads.getCurrentThreadCpuTime() - phaseStart < providerGoal) {
                for (int i = 0; i < 10; i++) {
                    sink += JsonProvider.provider().hashCode();
                }
            }
            inProvider += threads.getCurrentThreadCpuTime() - phaseStart;
            while (threads.getCurrentThreadCpuTime() - start < cycleEnd) {
                sink += arithmetic(sink);
            }
            if (sink == 42) {
                System.out.println(sink); // keeps the work observable
            }
        }
    }

    private static long arithmetic(long seed) {
        long x = seed | 1;
        for (int i = 0; i < 20_000; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
