package mailbench.meters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import mailbench.cgroup.CgroupCpu;
import mailbench.host.HostSpeed;
import mailbench.runfolder.CpuSection;

/**
 * Where the machine's cores went during the measured phase: each process of the run (the local
 * stack's JVMs and this one, which runs Gatling) and the machine as a whole, including the time
 * the hypervisor gave to other guests ({@code steal}). Read once a second from the OS; the
 * section says whether a slow run was the stack or a busy host. Null fields where the OS does
 * not tell (no /proc/stat, a process that is gone).
 */
public final class HostCpu implements AutoCloseable {

    private static final Path PROC_STAT = Path.of("/proc/stat");
    /** Pressure stall information: how long some runnable task waited for a CPU (Linux 4.20+, "some ... total=" in µs). */
    private static final Path CPU_PRESSURE = Path.of("/proc/pressure/cpu");
    /** /proc/stat counts in USER_HZ, 100 a second on Linux. */
    private static final long MILLIS_PER_TICK = 10;

    private final Map<String, Long> pids;
    /** The CPU quota of this process's control group, null without one: then the machine's idle is the run's. */
    private final CgroupCpu quota;
    private final List<Reading> readings = new ArrayList<>();
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "host-cpu");
        thread.setDaemon(true);
        return thread;
    });

    /** One reading: when, the machine's counters (user, system, idle, steal; ms), each process's CPU ms, the quota's counters. */
    record Reading(long millis, long[] machine, Map<String, Long> processes, CgroupCpu.Counters group) {

        Reading(long millis, long[] machine, Map<String, Long> processes) {
            this(millis, machine, processes, null);
        }
    }


    private HostCpu(Map<String, Long> pids, CgroupCpu quota) {
        this.pids = new LinkedHashMap<>(pids);
        this.quota = quota;
    }

    /** Starts reading now and every second; {@code pids} names the processes to follow. */
    public static HostCpu start(Map<String, Long> pids) {
        HostCpu cpu = new HostCpu(pids, CgroupCpu.ofThisProcess(HostSpeed.machineCores()).orElse(null));
        cpu.read();
        cpu.ticker.scheduleAtFixedRate(cpu::read, 1, 1, TimeUnit.SECONDS);
        return cpu;
    }

    private void read() {
        long now = System.currentTimeMillis();
        long[] machine = machineCounters();
        Map<String, Long> processes = new LinkedHashMap<>();
        pids.forEach((name, pid) -> ProcessHandle.of(pid).flatMap(p -> p.info().totalCpuDuration())
            .ifPresent(cpu -> processes.put(name, cpu.toMillis())));
        CgroupCpu.Counters group = quota == null ? null : quota.read();
        synchronized (readings) {
            readings.add(new Reading(now, machine, processes, group));
        }
    }

    /** user+nice, system+irq+softirq, idle+iowait, steal, in ms, and the CPU pressure's stall in ms (-1 without it); null without /proc/stat. */
    static long[] machineCounters() {
        try {
            for (String line : Files.readAllLines(PROC_STAT)) {
                if (line.startsWith("cpu ")) {
                    long[] cpu = parseCpuLine(line);
                    return new long[] {cpu[0], cpu[1], cpu[2], cpu[3], pressureStallMillis()};
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: the machine part stays empty
        }
        return null;
    }

    /** The "some" line's total stall of /proc/pressure/cpu, in ms; -1 where the kernel does not keep it. */
    static long pressureStallMillis() {
        try {
            for (String line : Files.readAllLines(CPU_PRESSURE)) {
                if (line.startsWith("some ")) {
                    return parsePressureTotal(line) / 1000;
                }
            }
        } catch (IOException | RuntimeException e) {
            // no pressure stall information (older kernels, psi=0)
        }
        return -1;
    }

    /** "some avg10=1.00 avg60=2.00 avg300=3.00 total=123456" -> 123456 (µs). */
    static long parsePressureTotal(String line) {
        for (String field : line.trim().split("\\s+")) {
            if (field.startsWith("total=")) {
                return Long.parseLong(field.substring("total=".length()));
            }
        }
        throw new IllegalArgumentException("no total in '" + line + "'");
    }

    static long[] parseCpuLine(String line) {
        String[] f = line.trim().split("\\s+");
        long[] v = new long[9];
        for (int i = 0; i < v.length && i + 1 < f.length; i++) {
            v[i] = Long.parseLong(f[i + 1]);
        }
        // fields: user nice system idle iowait irq softirq steal guest (guest is already inside user)
        return new long[] {(v[0] + v[1]) * MILLIS_PER_TICK, (v[2] + v[5] + v[6]) * MILLIS_PER_TICK,
            (v[3] + v[4]) * MILLIS_PER_TICK, v[7] * MILLIS_PER_TICK};
    }

    /**
     * Average cores over [from, to] (epoch ms), from the first reading inside it to the last one, so
     * no value is interpolated; null when fewer than two readings fall inside.
     */
    public CpuSection between(long fromMillis, long toMillis) {
        List<Reading> inside;
        synchronized (readings) {
            inside = readings.stream().filter(r -> r.millis() >= fromMillis && r.millis() <= toMillis).toList();
        }
        if (inside.size() < 2) {
            return null;
        }
        CpuSection section = section(inside.get(0), inside.get(inside.size() - 1), HostSpeed.machineCores());
        return quota == null ? section : withQuota(section, quota.cores(), inside.get(0), inside.get(inside.size() - 1));
    }

    /** The section with the quota's share of the same readings; as it was where the group's use was not read. */
    static CpuSection withQuota(CpuSection section, double quotaCores, Reading first, Reading last) {
        CgroupCpu.Counters a = first.group();
        CgroupCpu.Counters b = last.group();
        double millis = last.millis() - first.millis();
        if (a == null || b == null || a.usageNanos() < 0 || b.usageNanos() < 0 || millis <= 0) {
            return section;
        }
        long periods = b.periods() - a.periods();
        Double throttled = a.periods() < 0 || a.throttledPeriods() < 0 ? null
            : periods <= 0 ? 0.0 : (double) (b.throttledPeriods() - a.throttledPeriods()) / periods;
        return section.withQuota(quotaCores, (b.usageNanos() - a.usageNanos()) / (millis * 1_000_000), throttled);
    }

    static CpuSection section(Reading first, Reading last, int cores) {
        double millis = last.millis() - first.millis();
        Map<String, Double> processes = new LinkedHashMap<>();
        first.processes().forEach((name, cpu) -> {
            Long end = last.processes().get(name);
            if (end != null) {
                processes.put(name, round((end - cpu) / millis));
            }
        });
        if (first.machine() == null || last.machine() == null) {
            return new CpuSection(round(millis / 1000), cores, processes, null, null, null, null);
        }
        double user = (last.machine()[0] - first.machine()[0]) / millis;
        double system = (last.machine()[1] - first.machine()[1]) / millis;
        double idle = (last.machine()[2] - first.machine()[2]) / millis;
        double steal = (last.machine()[3] - first.machine()[3]) / millis;
        double ours = processes.values().stream().mapToDouble(Double::doubleValue).sum();
        boolean pressureKept = first.machine().length > 4 && first.machine()[4] >= 0 && last.machine()[4] >= 0;
        Double pressure = pressureKept ? round(Math.min(1, (last.machine()[4] - first.machine()[4]) / millis)) : null;
        return new CpuSection(round(millis / 1000), cores, processes, round(user + system), round(steal), round(idle),
            round(Math.max(0, user + system - ours)), pressure);
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }

    @Override
    public void close() {
        ticker.shutdownNow();
    }
}
