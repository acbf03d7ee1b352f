package mailbench.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import mailbench.cgroup.CgroupCpu;

/**
 * What this host can give a job, read in a second: its cores (as /proc/stat counts them, or the CPU quota's when one
 * applies) and how fast one thread runs on it (the probe). Hosts of one kind differ in speed by 2x or more, which no
 * counter inside a VM shows.
 */
public final class HostSpeed {

    private static final Path PROC_STAT = Path.of("/proc/stat");

    /** The cores and the probe, read together. */
    public record Reading(double cores, long probeMillis) {
    }

    private HostSpeed() {
    }

    /** The cores this process's group may use, and the probe. */
    public static Reading read() {
        return new Reading(availableCores(), probeMillis());
    }

    /**
     * A fixed CPU loop on one thread, timed in ms: about 290-400 on a quiet fast host of this project's kind, 700 on one
     * at half its speed. Compare runs only when their probes are close.
     */
    public static long probeMillis() {
        long start = System.nanoTime();
        long x = 0x9E3779B97F4A7C15L;
        long sum = 0;
        for (int i = 0; i < 200_000_000; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            sum += x & 0xFF;
        }
        long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        return sum == 42 ? elapsed + 1 : elapsed; // keeps the loop from being optimised away
    }

    /** The cores a CPU quota on this process's group allows, else the machine's. */
    public static double availableCores() {
        int machine = machineCores();
        return CgroupCpu.ofThisProcess(machine).map(CgroupCpu::cores).orElse((double) machine);
    }

    /**
     * The machine's cores as /proc/stat counts them: its counters add up all of them, while this
     * JVM may be pinned to fewer (taskset, a cgroup cpuset), which is all availableProcessors sees.
     */
    public static int machineCores() {
        try {
            int cores = cpuLines(Files.readAllLines(PROC_STAT));
            if (cores > 0) {
                return cores;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable
        }
        return Runtime.getRuntime().availableProcessors();
    }

    /** Lines "cpu0", "cpu1", ...: one per core ("cpu " is their sum). */
    static int cpuLines(List<String> procStat) {
        return (int) procStat.stream().filter(line -> line.length() > 3 && line.startsWith("cpu") && Character.isDigit(line.charAt(3)))
            .count();
    }
}
