package mailbench.meters;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The CPU of every thread of the run's processes, read from /proc once a second, so that an error
 * window can name the threads that worked more than usual around it: a JIT compiler thread, GC
 * workers, the node's search pool, the client's I/O thread. The OS keeps only 15 characters of a
 * thread's name (every OpenSearch pool reads "opensearch[nod"), so the full Java names are asked of
 * each JVM ({@link JvmThreadNames}) when a window needs them, while the processes still run.
 * Empty where /proc is missing.
 */
public final class ThreadCpu implements AutoCloseable {

    /** /proc counts in USER_HZ, 100 a second on Linux. */
    private static final long MILLIS_PER_TICK = 10;

    private final Map<String, Long> pids;
    private final List<Reading> readings = new ArrayList<>();
    private final Map<Long, Map<Long, String>> names = new HashMap<>();
    private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    /** What the readings themselves cost (CPU of the reading thread), so their overhead is a measured figure in run.json. */
    private long readCpuNanos;
    private int readCount;
    private long firstReadMillis;
    private long lastReadMillis;
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "thread-cpu");
        thread.setDaemon(true);
        return thread;
    });

    /** One reading: when, and per process the CPU ms of each thread by its OS id. */
    record Reading(long millis, Map<String, Map<Long, Long>> threads) {
    }

    /** A thread that used {@code cores} around a window against {@code usualCores} over the whole load. */
    public record Busy(String process, long tid, String thread, double cores, double usualCores) {
        double excess() {
            return cores - usualCores;
        }
    }

    private ThreadCpu(Map<String, Long> pids) {
        this.pids = new LinkedHashMap<>(pids);
    }

    static ThreadCpu start(Map<String, Long> pids) {
        ThreadCpu cpu = new ThreadCpu(pids);
        cpu.read();
        cpu.ticker.scheduleAtFixedRate(cpu::read, 1, 1, TimeUnit.SECONDS);
        return cpu;
    }

    private void read() {
        long cpuBefore = mx.getCurrentThreadCpuTime();
        long now = System.currentTimeMillis();
        Map<String, Map<Long, Long>> threads = new LinkedHashMap<>();
        pids.forEach((process, pid) -> threads.put(process, readTasks(pid)));
        synchronized (readings) {
            readings.add(new Reading(now, threads));
            readCpuNanos += mx.getCurrentThreadCpuTime() - cpuBefore;
            if (readCount++ == 0) {
                firstReadMillis = now;
            }
            lastReadMillis = now;
        }
    }

    /** One line for run.json: how many readings, and the CPU they took, in ms and in cores over the time they spanned. */
    String cost() {
        synchronized (readings) {
            double seconds = Math.max(1, lastReadMillis - firstReadMillis) / 1000.0;
            double cpuMs = readCpuNanos / 1e6;
            return String.format(Locale.ROOT, "per-thread CPU: %d readings of %d processes over %.0f s took %.0f ms of CPU"
                + " (%.4f cores, %.2f ms a reading)", readCount, pids.size(), seconds, cpuMs, cpuMs / 1000.0 / seconds,
                readCount == 0 ? 0.0 : cpuMs / readCount);
        }
    }

    /** CPU ms of each thread of {@code pid}, and its short OS name kept as a fallback; empty when the process is gone. */
    private Map<Long, Long> readTasks(long pid) {
        Map<Long, Long> cpu = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            tasks.forEach(task -> {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    long tid = Long.parseLong(task.getFileName().toString());
                    cpu.put(tid, cpuMillis(stat));
                    synchronized (names) {
                        names.computeIfAbsent(pid, k -> new HashMap<>()).putIfAbsent(tid, shortName(stat));
                    }
                } catch (IOException | RuntimeException e) {
                    // the thread ended between the listing and the read
                }
            });
        } catch (IOException | RuntimeException e) {
            // no /proc, or the process is gone
        }
        return cpu;
    }

    /** utime + stime of a /proc/PID/task/TID/stat line, in ms; the name in parentheses may hold spaces and parentheses. */
    static long cpuMillis(String stat) {
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        // after the name: state(0) ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime(11) stime(12)
        return (Long.parseLong(after[11]) + Long.parseLong(after[12])) * MILLIS_PER_TICK;
    }

    static String shortName(String stat) {
        return stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    }

    /** Asks each JVM for its threads' full names (a few seconds at most); a JVM that does not answer keeps the OS names. */
    public void nameThreads() {
        pids.values().stream().filter(JvmThreadNames::isJvm).forEach(pid -> {
            Map<Long, String> full = JvmThreadNames.ask(pid);
            synchronized (names) {
                names.computeIfAbsent(pid, k -> new HashMap<>()).putAll(full);
            }
        });
    }

    /**
     * The {@code top} threads whose cores over [from, to] most exceed their cores over [usualFrom, usualTo], at least
     * {@code minExcess} cores over; from the first reading inside each span to the last, never interpolated.
     */
    public List<Busy> busiest(long from, long to, long usualFrom, long usualTo, int top, double minExcess) {
        List<Reading> around = inside(from, to);
        List<Reading> usual = inside(usualFrom, usualTo);
        if (around.size() < 2) {
            return List.of();
        }
        Map<String, Map<Long, Double>> now = cores(around.get(0), around.get(around.size() - 1));
        Map<String, Map<Long, Double>> before = usual.size() < 2 ? Map.of() : cores(usual.get(0), usual.get(usual.size() - 1));
        List<Busy> busy = new ArrayList<>();
        now.forEach((process, threads) -> threads.forEach((tid, cores) -> {
            double usualCores = before.getOrDefault(process, Map.of()).getOrDefault(tid, 0.0);
            if (cores - usualCores >= minExcess) {
                busy.add(new Busy(process, tid, name(process, tid), round(cores), round(usualCores)));
            }
        }));
        busy.sort(Comparator.comparingDouble(Busy::excess).reversed());
        return busy.subList(0, Math.min(top, busy.size()));
    }

    /**
     * CPU ms of {@code process}'s threads over [from, to] by thread group (the first reading inside to the last), or null
     * when fewer than two readings fall inside or the process is not followed.
     */
    public Map<String, Long> groupMillis(String process, long from, long to) {
        List<Reading> span = inside(from, to);
        if (span.size() < 2 || !pids.containsKey(process)) {
            return null;
        }
        Map<Long, Long> start = span.get(0).threads().getOrDefault(process, Map.of());
        Map<String, Long> byGroup = new LinkedHashMap<>();
        span.get(span.size() - 1).threads().getOrDefault(process, Map.of()).forEach((tid, cpu) -> byGroup.merge(
            mailbench.profiler.ThreadGroup.ofOsName(name(process, tid)).key(), cpu - start.getOrDefault(tid, 0L), Long::sum));
        return byGroup;
    }

    private String name(String process, long tid) {
        Long pid = pids.get(process);
        synchronized (names) {
            return names.getOrDefault(pid, Map.of()).getOrDefault(tid, "tid " + tid);
        }
    }

    private List<Reading> inside(long from, long to) {
        synchronized (readings) {
            return readings.stream().filter(r -> r.millis() >= from && r.millis() <= to).toList();
        }
    }

    static Map<String, Map<Long, Double>> cores(Reading first, Reading last) {
        double millis = last.millis() - first.millis();
        Map<String, Map<Long, Double>> cores = new LinkedHashMap<>();
        last.threads().forEach((process, threads) -> {
            Map<Long, Long> start = first.threads().getOrDefault(process, Map.of());
            Map<Long, Double> perThread = new HashMap<>();
            // a thread born inside the span counts from 0
            threads.forEach((tid, cpu) -> perThread.put(tid, (cpu - start.getOrDefault(tid, 0L)) / millis));
            cores.put(process, perThread);
        });
        return cores;
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }

    /** For tests: readings made elsewhere. */
    static ThreadCpu of(Map<String, Long> pids, List<Reading> readings) {
        return of(pids, readings, Map.of());
    }

    /** For tests: readings made elsewhere, and the threads' names by process id and thread id. */
    static ThreadCpu of(Map<String, Long> pids, List<Reading> readings, Map<Long, Map<Long, String>> names) {
        ThreadCpu cpu = new ThreadCpu(pids);
        cpu.readings.addAll(readings);
        names.forEach((pid, byTid) -> cpu.names.put(pid, new HashMap<>(byTid)));
        return cpu;
    }

    @Override
    public void close() {
        ticker.shutdownNow();
    }
}
