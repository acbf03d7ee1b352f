package mailbench.nightly;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import mailbench.compare.RunResult;
import mailbench.profiler.ThreadGroup;
import mailbench.runfolder.CpuSection;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunSummary;

/**
 * What the host left one run in its measured minute: the share of its runnable time the facade's request path waited for
 * a core ({@code waitShare}, the kernel's schedstat: the queue itself, whether a small host, a hog or a CPU quota made it),
 * idle cores of the machine, the time the hypervisor took (steal),
 * the share of time some task queued for a core (/proc/pressure/cpu), and the share of the facade's CPU samples its JIT
 * compilers held. A pair measured on a saturated host, or while the facade was still compiling, measures the queue and
 * the compiler rather than the code: each field is null where the run could not tell it. Under a control group's CPU
 * quota ({@code quotaCores}), the idle cores are what the quota left, and {@code throttled} the share of its periods it
 * ran out: the machine looks idle while the group waits for its next period.
 */
record Headroom(int cores, Double idleCores, Double steal, Double pressure, Double jitPercent, Double waitShare,
                Double quotaCores, Double throttled) {

    static final Headroom UNKNOWN = new Headroom(0, null, null, null, null, null);

    Headroom(int cores, Double idleCores, Double steal, Double pressure, Double jitPercent, Double waitShare) {
        this(cores, idleCores, steal, pressure, jitPercent, waitShare, null, null);
    }

    /** The run's own summary.json (its cpu section) and profile (its thread groups). */
    static Headroom of(Path runFolder, RunResult run) {
        CpuSection cpu = null;
        Double wait = null;
        try {
            RunSummary summary = RunFolder.of(runFolder).readSummary();
            cpu = summary.cpu();
            wait = summary.facade() == null ? null : summary.facade().requestPathWaitShare();
        } catch (IOException | RuntimeException e) {
            // an unreadable summary: nothing known of the host
        }
        Double jit = run.threadGroups() == null ? null : run.threadGroups().get(ThreadGroup.JIT.key());
        if (cpu == null) {
            return new Headroom(0, null, null, null, jit, wait);
        }
        if (cpu.quotaCores() != null) {
            return new Headroom(cpu.cores(), cpu.quotaIdle(), cpu.steal(), cpu.pressure(), jit, wait, cpu.quotaCores(), cpu.throttled());
        }
        return new Headroom(cpu.cores(), cpu.idle(), cpu.steal(), cpu.pressure(), jit, wait);
    }

    /** Idle cores as a share of all (0 to 1), or of the quota's where one applies; or null. */
    Double idleShare() {
        if (quotaCores != null && quotaCores > 0) {
            return idleCores == null ? null : idleCores / quotaCores;
        }
        return idleCores == null || cores <= 0 ? null : idleCores / cores;
    }

    /** The fields as night.json keeps them for each side of a pair. */
    Map<String, Object> asRecord() {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("cores", cores);
        record.put("idleCores", idleCores);
        record.put("steal", steal);
        record.put("cpuPressure", pressure);
        record.put("jitPercent", jitPercent);
        record.put("waitShare", waitShare);
        if (quotaCores != null) {
            record.put("quotaCores", quotaCores);
            record.put("throttled", throttled);
        }
        return record;
    }

    /** The lower idle of two runs of the same seconds (a duet's sides read the same machine). */
    static Double leastIdleShare(Headroom a, Headroom b) {
        Double x = a.idleShare();
        Double y = b.idleShare();
        if (x == null || y == null) {
            return x == null ? y : x;
        }
        return Math.min(x, y);
    }

    /** The higher JIT share of two runs. */
    static Double mostJit(Headroom a, Headroom b) {
        return higher(a.jitPercent(), b.jitPercent());
    }

    /** The longer wait for a core of two runs' request paths. */
    static Double mostWait(Headroom a, Headroom b) {
        return higher(a.waitShare(), b.waitShare());
    }

    /** The higher CPU pressure of two runs. */
    static Double mostPressure(Headroom a, Headroom b) {
        return higher(a.pressure(), b.pressure());
    }

    private static Double higher(Double x, Double y) {
        if (x == null || y == null) {
            return x == null ? y : x;
        }
        return Math.max(x, y);
    }
}
