package mailbench.nightly;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import mailbench.compare.RunResult;
import mailbench.errors.ToolError;

/**
 * Which pairs a night counts: a pair whose measured minute left the host too little idle CPU, whose facade was still
 * compiling, with failed requests on both sides, or with a side missing a judged metric measured the queue, the JIT or a
 * failure rather than the code (a metric only one side has is half a pair); it is not counted (the pair, not the metric, is dropped) and the night says why. On a
 * 2-core host at half the calibration host's speed, a default duet left 0.00-0.26 of its cores idle and its JIT held
 * 6-51% of the facade's samples, and a +5% commit came out inconclusive (docs/results/2026-11-27-night-fit.adoc).
 */
public record PairRule(double minIdleShare, double maxJitPercent, double maxKoPercent, double maxWaitShare, boolean requestPath) {

    /**
     * At least a quarter of the cores idle, the JIT at most 5% of the facade's samples, at most 1% failed requests (what a
     * run's own gate allows: -Dmailbench.assert.successPercent, 99). The JIT's share does not reach 0: after a 240 s
     * warm-up on a quiet host it read 1.0-4.2% in the measured minute, so a bound of 2% dropped half the pairs of a night
     * (docs/results/2026-11-27-night-fit.adoc); beyond 5% the compilers are still at work (16% after 120 s on a cold node).
     */
    public static final PairRule DEFAULT = new PairRule(0.25, 5.0, 1.0, 1.0);

    /** The rule for two sides that both count their request path's CPU (commits from e1d1d4c on). */
    public PairRule(double minIdleShare, double maxJitPercent, double maxKoPercent, double maxWaitShare) {
        this(minIdleShare, maxJitPercent, maxKoPercent, maxWaitShare, true);
    }

    public PairRule {
        if (!(maxWaitShare > 0 && maxWaitShare <= 1)) {
            throw new ToolError("--max-wait must be a share of the request path's runnable time above 0 and at most 1, got "
                + maxWaitShare);
        }
        if (!(minIdleShare >= 0 && minIdleShare < 1)) {
            throw new ToolError("--min-idle must be a share of the cores from 0 up to (not including) 1, got " + minIdleShare);
        }
        if (!(maxJitPercent > 0 && maxJitPercent <= 100)) {
            throw new ToolError("--max-jit must be a percent of the facade's CPU samples above 0 and at most 100, got " + maxJitPercent);
        }
        if (!(maxKoPercent >= 0 && maxKoPercent <= 100)) {
            throw new ToolError("--max-pair-ko must be a percent from 0 to 100, got " + maxKoPercent);
        }
    }

    /**
     * Whether the request path's wait bounds the pairs: not by default (1.0). The wait is recorded with every pair, but on
     * this kind of host it read 0.48-0.93 of the runnable time under a CPU quota whatever the rate (500 down to 125 req/s
     * a side) and 0.54 in a default single run beside a build: short event-loop bursts make it a measure of wake-up
     * latency more than of saturation, so no bound is calibrated yet (docs/results/2026-11-27-judged-cpu.adoc).
     */
    boolean waitBounded() {
        return maxWaitShare < 1;
    }

    /**
     * The same rule for a night whose side's commit predates the request path's own CPU count: no pair would have it on
     * both sides, so a pair is not dropped for it, and the verdict judges the whole process's CPU instead
     * ({@code Comparer.judgedCpu}).
     */
    PairRule withoutRequestPath() {
        return new PairRule(minIdleShare, maxJitPercent, maxKoPercent, maxWaitShare, false);
    }

    /** Why the pair does not count, or null when it does. */
    String whyNotCounted(RunResult base, Headroom baseRoom, RunResult current, Headroom currentRoom) {
        List<String> why = new ArrayList<>();
        // failures on both sides are the host's or the node's (a cold node failed half of a first pair); failures on one
        // side are what the KO metric judges: a commit that fails every request must come out a regression, not a dropped pair
        if (base.measured().koPercent() > maxKoPercent && current.measured().koPercent() > maxKoPercent) {
            why.add(String.format(Locale.ROOT, "both sides failed requests (base %.2f%%, current %.2f%%; at most %.2f%%)",
                base.measured().koPercent(), current.measured().koPercent(), maxKoPercent));
        }
        for (String side : List.of(Side.BASE, Side.CURRENT)) {
            RunResult run = Side.BASE.equals(side) ? base : current;
            RunResult other = Side.BASE.equals(side) ? current : base;
            if (run.processCpuMsPerRequest() == null && other.processCpuMsPerRequest() != null) {
                why.add(side + " has no CPU per request");
            }
            if (requestPath && run.requestPathCpuMsPerRequest() == null && other.requestPathCpuMsPerRequest() != null) {
                why.add(side + " has no request-path CPU per request");
            }
            if (run.allocatedBytesPerRequest() == null && other.allocatedBytesPerRequest() != null) {
                why.add(side + " has no allocation per request");
            }
        }
        Double wait = Headroom.mostWait(baseRoom, currentRoom);
        Double idle = Headroom.leastIdleShare(baseRoom, currentRoom);
        if (waitBounded() && wait != null && wait > maxWaitShare) {
            why.add(String.format(Locale.ROOT, "a facade's request path waited for a core %.0f%% of its runnable time (at most %.0f%%)",
                100 * wait, 100 * maxWaitShare));
        } else if ((!waitBounded() || wait == null) && idle != null && idle < minIdleShare) {
            why.add(String.format(Locale.ROOT, "the host had %.0f%% of its cores idle (at least %.0f%%)", 100 * idle, 100 * minIdleShare));
        }
        Double jit = Headroom.mostJit(baseRoom, currentRoom);
        if (jit != null && jit > maxJitPercent) {
            why.add(String.format(Locale.ROOT, "the JIT held %.1f%% of a facade's CPU samples (at most %.1f%%)", jit, maxJitPercent));
        }
        return why.isEmpty() ? null : String.join("; ", why);
    }
}
