package mailbench.runfolder;

import java.util.Map;

/**
 * summary.json's {@code cpu}, the measured phase's share: cores used on average by each process and by the machine;
 * {@code pressure} the share of the time some runnable task waited for a core (0 to 1, null where the kernel has no
 * /proc/pressure/cpu): idle cores say a host had room on average, pressure says whether work still queued for a core within the second. Under a
 * control group's CPU quota (a limited container, or a quota that makes a fast host a small one): {@code quotaCores}
 * the cores it allows, {@code quotaIdle} what it left unused (never more than the machine's idle) and {@code throttled}
 * the share of its scheduler periods in which it ran out; all three null without a quota.
 */
public record CpuSection(double seconds, int cores, Map<String, Double> processes, Double busy, Double steal, Double idle,
                         Double otherProcesses, Double pressure, Double quotaCores, Double quotaIdle, Double throttled) {

    public CpuSection(double seconds, int cores, Map<String, Double> processes, Double busy, Double steal, Double idle,
                      Double otherProcesses, Double pressure) {
        this(seconds, cores, processes, busy, steal, idle, otherProcesses, pressure, null, null, null);
    }

    public CpuSection(double seconds, int cores, Map<String, Double> processes, Double busy, Double steal, Double idle,
                      Double otherProcesses) {
        this(seconds, cores, processes, busy, steal, idle, otherProcesses, null);
    }

    /** This section with what a quota allowed and left in the same seconds. */
    public CpuSection withQuota(double quota, double used, Double throttledShare) {
        Double left = idle == null ? round(Math.max(0, quota - used)) : round(Math.max(0, Math.min(idle, quota - used)));
        return new CpuSection(seconds, cores, processes, busy, steal, idle, otherProcesses, pressure, round(quota), left,
            throttledShare == null ? null : round(throttledShare));
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
