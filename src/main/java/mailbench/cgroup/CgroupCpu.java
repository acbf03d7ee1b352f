package mailbench.cgroup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The CPU a Linux control group lets this process's group use: the tightest CFS quota on its group or an ancestor
 * (cgroup v1 {@code cpu.cfs_quota_us} over {@code cpu.cfs_period_us}, v2 {@code cpu.max}) in cores, and that group's
 * counters: CPU used, scheduler periods and periods throttled. A run in a CPU-limited container, or under a quota that
 * makes a fast host behave like a small one, has fewer cores than /proc/stat counts, and the machine looks idle while
 * the group is throttled: its idle is what the quota leaves. Empty where no quota is below the machine's cores.
 */
public final class CgroupCpu {

    /** CPU the group used (ns) and its scheduler periods, all and throttled; -1 where the kernel keeps no such count. */
    public record Counters(long usageNanos, long periods, long throttledPeriods) {
    }

    private final double cores;
    private final Path statFile;
    private final Path usageFile;
    private final boolean v2;

    private CgroupCpu(double cores, Path statFile, Path usageFile, boolean v2) {
        this.cores = cores;
        this.statFile = statFile;
        this.usageFile = usageFile;
        this.v2 = v2;
    }

    /** This process's quota, if one below {@code machineCores} applies to it. */
    public static Optional<CgroupCpu> ofThisProcess(int machineCores) {
        try {
            return of(Files.readAllLines(Path.of("/proc/self/cgroup")), CgroupMounts.parse(Files.readAllLines(
                Path.of("/proc/self/mountinfo"))), machineCores);
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // not Linux, or no cgroup file system mounted: no quota known
        }
    }

    /** The quota from a process's /proc/PID/cgroup lines and the cgroup mounts, if one below {@code machineCores} applies. */
    static Optional<CgroupCpu> of(List<String> procCgroup, CgroupMounts mounts, int machineCores) throws IOException {
        String cpuPath = null;
        String acctPath = null;
        String unifiedPath = null;
        for (String line : procCgroup) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            List<String> controllers = List.of(f[1].split(","));
            if (f[0].equals("0") && f[1].isEmpty()) {
                unifiedPath = f[2];
            }
            if (controllers.contains("cpu")) {
                cpuPath = f[2];
            }
            if (controllers.contains("cpuacct")) {
                acctPath = f[2];
            }
        }
        if (cpuPath != null && mounts.v1("cpu") != null) {
            Path group = tightest(mounts.v1("cpu").dirOf(cpuPath), mounts.v1("cpu").point(), false, machineCores);
            if (group == null) {
                return Optional.empty();
            }
            // cpuacct counts the quota's group where both controllers share a hierarchy or the group exists in both;
            // else this process's own cpuacct group. Where that is the root (a quota group made in the cpu hierarchy alone)
            // it counts the whole machine: the quota's idle read from it is a lower bound, cut by every other process
            CgroupMounts.Mount acct = mounts.v1("cpuacct");
            Path usage = null;
            if (acct != null && acctPath != null) {
                usage = acct.point().resolve(mounts.v1("cpu").point().relativize(group)).resolve("cpuacct.usage");
                usage = Files.isReadable(usage) ? usage : acct.dirOf(acctPath).resolve("cpuacct.usage");
            }
            return Optional.of(new CgroupCpu(quotaCores(group, false), group.resolve("cpu.stat"), usage, false));
        }
        if (unifiedPath != null && mounts.unified() != null) {
            Path group = tightest(mounts.unified().dirOf(unifiedPath), mounts.unified().point(), true, machineCores);
            return group == null ? Optional.empty()
                : Optional.of(new CgroupCpu(quotaCores(group, true), group.resolve("cpu.stat"), null, true));
        }
        return Optional.empty();
    }

    /** The group, from {@code leaf} up to the mount point, whose quota allows the fewest cores below the machine's; null if none. */
    private static Path tightest(Path leaf, Path top, boolean v2, int machineCores) throws IOException {
        Path best = null;
        double bestCores = machineCores;
        for (Path dir = leaf; dir != null && dir.startsWith(top); dir = dir.getParent()) {
            double cores = quotaCores(dir, v2);
            if (cores > 0 && cores < bestCores) {
                best = dir;
                bestCores = cores;
            }
        }
        return best;
    }

    /** The quota of one group in cores; 0 where it has none (or no file). */
    static double quotaCores(Path dir, boolean v2) throws IOException {
        if (v2) {
            Path max = dir.resolve("cpu.max");
            if (!Files.isReadable(max)) {
                return 0;
            }
            String[] f = Files.readString(max).trim().split("\\s+");
            return f.length < 2 || f[0].equals("max") ? 0 : Double.parseDouble(f[0]) / Double.parseDouble(f[1]);
        }
        Path quota = dir.resolve("cpu.cfs_quota_us");
        Path period = dir.resolve("cpu.cfs_period_us");
        if (!Files.isReadable(quota) || !Files.isReadable(period)) {
            return 0;
        }
        long q = Long.parseLong(Files.readString(quota).trim());
        return q <= 0 ? 0 : q / Double.parseDouble(Files.readString(period).trim());
    }

    /** The cores the quota allows (quota over period), below the machine's. */
    public double cores() {
        return cores;
    }

    /** The group's counters now; null where they cannot be read (the group is gone). */
    public Counters read() {
        try {
            long usage = -1;
            long periods = -1;
            long throttled = -1;
            for (String line : Files.readAllLines(statFile)) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 2) {
                    switch (f[0]) {
                        case "usage_usec" -> usage = v2 ? Long.parseLong(f[1]) * 1000 : usage;
                        case "nr_periods" -> periods = Long.parseLong(f[1]);
                        case "nr_throttled" -> throttled = Long.parseLong(f[1]);
                        default -> { }
                    }
                }
            }
            if (!v2 && usageFile != null && Files.isReadable(usageFile)) {
                usage = Long.parseLong(Files.readString(usageFile).trim());
            }
            return new Counters(usage, periods, throttled);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
