package mailbench.meters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import mailbench.profiler.ThreadGroup;

/**
 * How long the facade's request-path threads (its event loops and the client's I/O threads) waited for a core while
 * they could run, against how long they ran: the kernel's schedstat of each thread ({@code /proc/PID/task/TID/schedstat}:
 * ns on a CPU, ns runnable on a run queue), read once a second. It is the queue itself, whatever made it: a host too
 * small for the load, another process at the same priority, a CPU quota (a throttled thread stays runnable). Idle cores
 * only guess at it: a host hog leaves none idle at any load, a quota leaves some idle while the facade waits. Empty
 * where /proc or schedstat is missing (a kernel without CONFIG_SCHED_INFO).
 */
public final class RunQueueWaits implements AutoCloseable {

    /** One reading: when, and per thread of the request path by OS id its ns on a CPU and ns waiting for one. */
    record Reading(long millis, Map<Long, long[]> threads) {
    }

    /** The request path's CPU and wait over a span, in ms. */
    public record Wait(long runMillis, long waitMillis) {

        /** The share of its runnable time the request path spent waiting: 0 when it never waited, null when it never ran. */
        public Double share() {
            long runnable = runMillis + waitMillis;
            return runnable <= 0 ? null : Math.round(10_000.0 * waitMillis / runnable) / 10_000.0;
        }
    }

    private final long pid;
    private final List<Reading> readings = new ArrayList<>();
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "run-queue-waits");
        thread.setDaemon(true);
        return thread;
    });

    private RunQueueWaits(long pid) {
        this.pid = pid;
    }

    /** Reads the process {@code pid} (null: nothing to read) from now on, once a second. */
    static RunQueueWaits start(Long pid) {
        RunQueueWaits waits = new RunQueueWaits(pid == null ? -1 : pid);
        if (pid != null) {
            waits.read();
            waits.ticker.scheduleAtFixedRate(waits::read, 1, 1, TimeUnit.SECONDS);
        }
        return waits;
    }

    private void read() {
        Map<Long, long[]> threads = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            tasks.forEach(task -> {
                try {
                    if (ThreadGroup.isRequestPath(ThreadGroup.ofOsName(Files.readString(task.resolve("comm")).strip()))) {
                        threads.put(Long.parseLong(task.getFileName().toString()), parse(Files.readString(task.resolve("schedstat"))));
                    }
                } catch (IOException | RuntimeException e) {
                    // the thread ended between the listing and the read, or the kernel keeps no schedstat
                }
            });
        } catch (IOException | RuntimeException e) {
            return; // no /proc, or the process is gone
        }
        synchronized (readings) {
            readings.add(new Reading(System.currentTimeMillis(), threads));
        }
    }

    /** A schedstat line: ns on a CPU, ns waiting on a run queue, time slices. */
    static long[] parse(String schedstat) {
        String[] fields = schedstat.strip().split("\\s+");
        return new long[] {Long.parseLong(fields[0]), Long.parseLong(fields[1])};
    }

    /** The request path's run and wait over [from, to], first reading inside to the last; null with fewer than two. */
    public Wait requestPath(long from, long to) {
        List<Reading> span;
        synchronized (readings) {
            span = readings.stream().filter(r -> r.millis() >= from && r.millis() <= to).toList();
        }
        if (span.size() < 2) {
            return null;
        }
        Map<Long, long[]> start = span.get(0).threads();
        long run = 0;
        long wait = 0;
        for (Map.Entry<Long, long[]> thread : span.get(span.size() - 1).threads().entrySet()) {
            // a thread born inside the span counts from 0
            long[] before = start.getOrDefault(thread.getKey(), new long[2]);
            run += thread.getValue()[0] - before[0];
            wait += thread.getValue()[1] - before[1];
        }
        return new Wait(TimeUnit.NANOSECONDS.toMillis(run), TimeUnit.NANOSECONDS.toMillis(wait));
    }

    /** For tests: readings made elsewhere. */
    static RunQueueWaits of(List<Reading> readings) {
        RunQueueWaits waits = new RunQueueWaits(-1);
        waits.readings.addAll(readings);
        return waits;
    }

    @Override
    public void close() {
        ticker.shutdownNow();
    }
}
