package mailbench.it.support;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

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
    private static final long SLICE_NANOS = 10_000_000;

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

    private static void alternate() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long sink = 0;
        while (true) {
            long until = threads.getCurrentThreadCpuTime() + SLICE_NANOS * PROVIDER_PERCENT / 100;
            while (threads.getCurrentThreadCpuTime() < until) {
                for (int i = 0; i < 10; i++) {
                    sink += JsonProvider.provider().hashCode();
                }
            }
            until = threads.getCurrentThreadCpuTime() + SLICE_NANOS * (100 - PROVIDER_PERCENT) / 100;
            while (threads.getCurrentThreadCpuTime() < until) {
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
