package mailbench.facade.opensearch;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * A fixed amount of CPU work, calibrated once per JVM: a loop of integer arithmetic whose iterations per microsecond of
 * the thread's own CPU are measured at start, so that a request then runs a fixed count of them. Unlike a spin by the
 * clock, it costs the same CPU whatever the scheduler does (a thread taken off its core mid-spin spends less than it
 * spins), so a known cost stays known on a saturated host. The calibration reads the thread's CPU clock (a system call)
 * only while it runs, never per request.
 */
final class FixedWork {

    /** Calibration rounds of about this much CPU each; the median of the later ones is taken, once the JIT has compiled the loop. */
    private static final long ROUND_NANOS = 5_000_000;
    private static final int ROUNDS = 15;
    private static final int WARM_ROUNDS = 5;

    /** Written after each run of the loop so the JIT cannot drop it as unused. */
    private static volatile long sink;

    private FixedWork() {
    }

    /** Iterations of {@link #run(long)} per microsecond of this JVM's thread CPU, measured once (the first caller pays ~75 ms). */
    static double iterationsPerMicro() {
        return Calibration.ITERATIONS_PER_MICRO;
    }

    /** The work of {@code micros} microseconds of CPU as calibrated. */
    static void spend(int micros) {
        run(Math.round(micros * iterationsPerMicro()));
    }

    /** {@code iterations} steps of a xorshift generator: no memory, no calls, nothing the JIT can fold away. */
    static void run(long iterations) {
        long x = sink | 1;
        for (long i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        sink = x;
    }

    /** Measured on first use (class initialisation runs once per JVM, on the first thread that asks). */
    private static final class Calibration {

        static final double ITERATIONS_PER_MICRO = measure();

        private static double measure() {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            if (!threads.isCurrentThreadCpuTimeSupported()) {
                throw new IllegalStateException("this JVM cannot read a thread's CPU time: a fixed CPU cost cannot be calibrated here");
            }
            double[] rates = new double[ROUNDS];
            long chunk = 100_000; // about 0.1 ms: the CPU clock read after each is under 1% of it
            for (int round = 0; round < ROUNDS; round++) {
                long iterations = 0;
                long start = threads.getCurrentThreadCpuTime();
                long spent;
                // small chunks, so the loop is compiled as the method requests call, not only as an on-stack replacement
                do {
                    run(chunk);
                    iterations += chunk;
                    spent = threads.getCurrentThreadCpuTime() - start;
                } while (spent < ROUND_NANOS);
                rates[round] = iterations / (spent / 1_000.0);
            }
            double[] warm = Arrays.copyOfRange(rates, WARM_ROUNDS, ROUNDS);
            Arrays.sort(warm);
            return warm[warm.length / 2];
        }
    }
}
