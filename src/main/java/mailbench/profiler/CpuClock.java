package mailbench.profiler;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The profiled JVM's CPU time as the OS counts it, read once a second while a capture runs, so
 * the CPU time of any window inside the capture can be told afterwards (linear between readings).
 * Null where the OS does not say (another user's process, no /proc).
 */
final class CpuClock implements AutoCloseable {

    private static final long SLACK_MILLIS = 2_000;

    private final long pid;
    private final List<long[]> readings = new ArrayList<>();
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "target-cpu");
        thread.setDaemon(true);
        return thread;
    });

    CpuClock(long pid) {
        this.pid = pid;
        read();
        ticker.scheduleAtFixedRate(this::read, 1, 1, TimeUnit.SECONDS);
    }

    private synchronized void read() {
        ProcessHandle.of(pid).flatMap(process -> process.info().totalCpuDuration())
            .ifPresent(cpu -> readings.add(new long[] {System.currentTimeMillis(), cpu.toMillis()}));
    }

    /** CPU milliseconds the JVM used between the two instants (epoch ms), or null without readings around them. */
    synchronized Long between(long fromMillis, long toMillis) {
        Double from = at(fromMillis);
        Double to = at(toMillis);
        return from == null || to == null ? null : Math.round(to - from);
    }

    private Double at(long millis) {
        if (readings.isEmpty()) {
            return null;
        }
        // the first reading comes just after sampling starts, the last just after it stops: an instant a moment
        // outside the readings takes the nearest one
        long[] first = readings.get(0);
        long[] last = readings.get(readings.size() - 1);
        if (millis < first[0]) {
            return first[0] - millis <= SLACK_MILLIS ? (double) first[1] : null;
        }
        if (millis > last[0]) {
            return millis - last[0] <= SLACK_MILLIS ? (double) last[1] : null;
        }
        for (int i = 1; i < readings.size(); i++) {
            long[] before = readings.get(i - 1);
            long[] after = readings.get(i);
            if (millis >= before[0] && millis <= after[0]) {
                double f = after[0] == before[0] ? 0 : (double) (millis - before[0]) / (after[0] - before[0]);
                return before[1] + f * (after[1] - before[1]);
            }
        }
        return null;
    }

    /** Takes a last reading and stops reading. */
    @Override
    public void close() {
        ticker.shutdownNow();
        read();
    }
}
