package mailbench.nightly;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import mailbench.host.HostSpeed;
import mailbench.knobs.Knobs;

/**
 * The duet fitted to the host before any pair counts: fit pairs, run like the others but never judged, warm the night's
 * node (a cold node failed half of a first pair's requests) and measure what the host leaves at the duet's rate and
 * warm-up. Too little idle CPU lowers the rate in proportion to the cores the pair kept busy (halved when the host was
 * saturated, since a saturated host hides its demand); a JIT still compiling in the measured minute doubles the warm-up
 * (not at the lowest rate without room: there it lacked cores, and the next pair checks), or, far from done, leaves the
 * facades to C1 alone ({@link FacadeJit}). The first rate is scaled to the host
 * ({@link #startRate}).
 * The request path's wait for a core is said, never fitted to: under a CPU quota it stayed at half the runnable time from
 * 500 down to 125 req/s a side (docs/results/2026-11-27-judged-cpu.adoc), so no rate is known to lower it.
 * A rate or warm-up the operator named is never changed, only checked by the same {@link PairRule} as every pair.
 */
final class HostFit {

    /**
     * Each side gets half the rate, in whole requests; below this a duet measures JVM upkeep more than requests. At 100 a
     * host cut to 0.42 of a core kept a quarter of it idle in 1 of 6 pairs; a single run at 50 left 36% idle
     * (docs/results/2026-11-27-slow-host-c1.adoc).
     */
    static final int LOWEST_RATE = 50;
    static final int RATE_STEP = 50;
    static final int LONGEST_WARMUP_SECONDS = 600;
    /** Aim this far above the rule's idle share, so the next pair's own spread does not cross it. */
    static final double IDLE_MARGIN = 0.10;
    /** At most this many fit pairs by default (--fit-pairs); a rate is only raised while a later fit pair can check it. */
    static final int MOST_FIT_PAIRS = 3;
    /**
     * Above this share of a facade's samples in the compilers after the warm-up, at a rate the fit keeps, C2 is far from
     * done and doubling the warm-up cannot catch it within a night: the fit switches the facades to C1 only. After 120 s
     * a fast host read 0-5%, a host cut to 0.40-0.42 of a core 48-77% (docs/results/2026-11-27-slow-host-c1.adoc).
     */
    static final double C1_ABOVE_PERCENT = 25.0;
    /** The host the default rate was chosen on: 2 cores whose quiet probe reads about 390 ms. */
    static final double REFERENCE_CORES = 2.0;
    static final double REFERENCE_PROBE_MS = 390.0;
    /**
     * Below this many of the reference host's cores (cores x 390 ms / probe), the duet starts where the fit would end:
     * C1 facades at the lowest rate. There C2 has not finished after 120 s at any rate the host holds (0.40-0.42 of a core
     * at a probe of 690-710 ms, 0.23 of a reference core: 48-77% of a facade's samples), where a 2-core host at 700 ms (1.1)
     * finished within 9-11% at 600 req/s; each fit pair spared is 5 minutes of a 45-minute night.
     */
    static final double SMALL_HOST_CORES = 0.5;
    /** The runs' own measured phase (-Dmailbench.duration's default). */
    static final int DEFAULT_MEASURED_SECONDS = Integer.parseInt(Knobs.DURATION.defaultValue());
    /**
     * A small host's pairs, unless named: 30 s of warm-up and 60 s measured (the runs' minute today, kept apart since it was
     * chosen from the nights, not from single runs), so that 45 minutes hold more pairs. On a host cut to 0.42 of a core a pair's change is set by the two facade JVMs it starts, not by the seconds
     * it measures: within a pair the sides' change held to about a point from one 20 s slice to the next while pairs spread
     * by 4-5 points, and a 5% cost was called in 8 pairs of 3.5-3.9 min where 60 + 120 s made 7 of 5.3 min and missed it
     * twice (docs/results/2026-11-27-small-host-calibration.adoc#within-pair). C1 has mostly finished within the facade's
     * start-up and 30 s of load (one pair in nine over the 5% JIT bound); a fit pair whose JIT is over it lengthens the
     * warm-up.
     */
    static final int SMALL_HOST_WARMUP_SECONDS = 30;
    static final int SMALL_HOST_MEASURED_SECONDS = 60;

    /**
     * The duet's whole rate, its warm-up and its facades' JIT; {@code rateNamed}/{@code warmupNamed}/{@code jitNamed}: set
     * by the operator, so only checked.
     */
    record Tuning(int rate, int warmupSeconds, boolean rateNamed, boolean warmupNamed, FacadeJit jit, boolean jitNamed,
                  int measuredSeconds) {

        /** With the runs' default measured minute. */
        Tuning(int rate, int warmupSeconds, boolean rateNamed, boolean warmupNamed, FacadeJit jit, boolean jitNamed) {
            this(rate, warmupSeconds, rateNamed, warmupNamed, jit, jitNamed, DEFAULT_MEASURED_SECONDS);
        }

        /** With the JVM's default JIT, not named. */
        Tuning(int rate, int warmupSeconds, boolean rateNamed, boolean warmupNamed) {
            this(rate, warmupSeconds, rateNamed, warmupNamed, FacadeJit.TIERED, false);
        }

        String describe() {
            return rate + " req/s (" + rate / 2 + " a side)" + (rateNamed ? " as named" : "") + ", warm-up " + warmupSeconds + " s"
                + (warmupNamed ? " as named" : "") + (measuredSeconds == DEFAULT_MEASURED_SECONDS ? "" : ", measured " + measuredSeconds + " s")
                + (jit == FacadeJit.TIERED ? "" : ", facades " + jit.describe());
        }
    }

    /** One fit pair: the tuning it ran with, what its sides found, and what the fit made of it. */
    record Step(int index, Tuning tuning, Trial trial, String finding) {
    }

    /** The tuning the counted pairs run with, the fit pairs that led to it, and the host read before them (null: not read). */
    record Outcome(Tuning tuning, List<Step> steps, HostSpeed.Reading host) {

        Outcome(Tuning tuning, List<Step> steps) {
            this(tuning, steps, null);
        }

        /** The same outcome with the host its first rate was scaled to. */
        Outcome on(HostSpeed.Reading reading) {
            return new Outcome(tuning, steps, reading);
        }

        /**
         * The last fit pair when it ran with the chosen tuning and the rule counts it: a pair like any counted one, so the
         * night's first (on a slow host a pair takes 7 minutes); null otherwise.
         */
        Trial countable() {
            Step last = steps.isEmpty() ? null : steps.get(steps.size() - 1);
            return last != null && last.tuning().equals(tuning) && last.trial().counted() ? last.trial() : null;
        }

        /** What a counted pair will take: the slowest fit pair, with the warm-up it ran changed to the chosen one. */
        java.time.Duration pairEstimate() {
            java.time.Duration slowest = java.time.Duration.ZERO;
            for (Step step : steps) {
                java.time.Duration adjusted = step.trial().took()
                    .plusSeconds(tuning.warmupSeconds() - (long) step.tuning().warmupSeconds());
                slowest = adjusted.compareTo(slowest) > 0 ? adjusted : slowest;
            }
            return slowest;
        }
    }

    /** Makes one fit pair with a tuning (a runner of its own, whose runs go apart from the counted pairs'). */
    interface FitRunner {
        Trial run(int index, Tuning tuning) throws InterruptedException, IOException;
    }

    private final PairRule rule;
    private final int mostFitPairs;
    private final Consumer<String> say;

    HostFit(PairRule rule, int mostFitPairs, Consumer<String> say) {
        this.rule = rule;
        this.mostFitPairs = mostFitPairs;
        this.say = say;
    }

    Outcome fit(Tuning start, FitRunner runner) throws InterruptedException, IOException {
        return fit(start, start.rate(), runner);
    }

    /** {@code ceiling}: the highest rate the fit may raise to (the rate asked for, when the start was scaled to the host). */
    Outcome fit(Tuning start, int ceiling, FitRunner runner) throws InterruptedException, IOException {
        List<Step> steps = new ArrayList<>();
        Tuning tuning = start;
        for (int index = 1; index <= mostFitPairs; index++) {
            // a fit pair the fit ends on, with room, is the night's first counted pair (TrialPlan): say so up front
            say.accept("fit pair " + index + ": " + tuning.describe() + " (it counts as pair 1 if the fit keeps this and the host"
                + " leaves it room)");
            Trial trial = runner.run(index, tuning);
            Tuning next = next(tuning, trial, ceiling, index < mostFitPairs);
            String finding = finding(trial, tuning, next);
            steps.add(new Step(index, tuning, trial, finding));
            say.accept("fit pair " + index + ": " + finding);
            // the first pair ran on a cold node: its lack of room may be the node's warm-up, so a second one always checks
            if (next.equals(tuning) && (index > 1 || trial.counted())) {
                break;
            }
            tuning = next;
        }
        say.accept("the counted pairs run at " + tuning.describe());
        return new Outcome(tuning, List.copyOf(steps));
    }

    private String finding(Trial trial, Tuning ran, Tuning next) {
        String room = String.format(Locale.ROOT, "request path waited %s of its runnable time, idle %s of the cores, JIT %s of a"
            + " facade's samples, CPU pressure %s", percent(Headroom.mostWait(trial.baseRoom(), trial.currentRoom()), 100),
            percent(Headroom.leastIdleShare(trial.baseRoom(), trial.currentRoom()), 100),
            percent(Headroom.mostJit(trial.baseRoom(), trial.currentRoom()), 1),
            percent(Headroom.mostPressure(trial.baseRoom(), trial.currentRoom()), 100));
        String judged = trial.counted() ? "it would count" : "it would not count (" + trial.notCounted() + ")";
        String then = next.equals(ran) ? "keep " + ran.describe() : "next " + next.describe();
        return room + "; " + judged + "; " + then;
    }

    private static String percent(Double value, double scale) {
        return value == null ? "unknown" : String.format(Locale.ROOT, "%.0f%%", value * scale);
    }

    /** The tuning after a fit pair: {@code ceiling} the rate asked for; a raise only when {@code canCheck} (a fit pair follows). */
    Tuning next(Tuning ran, Trial trial, int ceiling, boolean canCheck) {
        int rate = ran.rate();
        Double idle = Headroom.leastIdleShare(trial.baseRoom(), trial.currentRoom());
        if (!ran.rateNamed() && idle != null) {
            int fitted = fittedRate(ran.rate(), idle, rule.minIdleShare(), ceiling);
            if (fitted < ran.rate() || canCheck && fitted > ran.rate() && idle > rule.minIdleShare() + 2 * IDLE_MARGIN) {
                rate = fitted;
            }
        }
        int warmup = ran.warmupSeconds();
        FacadeJit compilers = ran.jit();
        Double jit = Headroom.mostJit(trial.baseRoom(), trial.currentRoom());
        // a saturated host starves the compilers: a lower rate is tried first, with a longer warm-up; C1 when the rate
        // stays, and the host had room or is at the lowest rate (there the compilers themselves take what idle there was)
        boolean hadRoom = idle != null && idle >= rule.minIdleShare();
        boolean rateCannotHelp = rate == ran.rate() && (hadRoom || rate <= LOWEST_RATE);
        // and only when the JIT keeps the pair from counting: a --max-jit that allows it leaves the compilers alone
        boolean farFromDone = jit != null && jit > Math.max(C1_ABOVE_PERCENT, rule.maxJitPercent());
        // a pair without room at the lowest rate starved its compilers as it starved its requests: a longer warm-up is not
        // what it lacked, and the next pair checks on a warmer node (a small host's first fit pair, in the first minutes
        // after the corpus load: idle 0%, C1 facades' JIT 6.9% after 30 s; the next pair 26% idle, JIT 3%)
        boolean starvedAtTheLowest = !hadRoom && rate == ran.rate() && rate <= LOWEST_RATE;
        if (!ran.jitNamed() && compilers == FacadeJit.TIERED && rateCannotHelp && farFromDone) {
            compilers = FacadeJit.C1;
        } else if (!ran.warmupNamed() && jit != null && jit > rule.maxJitPercent() && !starvedAtTheLowest) {
            warmup = Math.min(LONGEST_WARMUP_SECONDS, 2 * ran.warmupSeconds());
        }
        return new Tuning(rate, warmup, ran.rateNamed(), ran.warmupNamed(), compilers, ran.jitNamed(), ran.measuredSeconds());
    }

    /**
     * The duet's first rate, unless named: the default rate scaled to this host's cores and single-thread speed against
     * the host it was chosen on ({@link #REFERENCE_CORES} cores, a quiet probe of {@link #REFERENCE_PROBE_MS} ms), in whole
     * steps of 50 between {@link #LOWEST_RATE} and {@code ceiling}. A fast host starts where it always did; a slow one
     * starts near what it holds instead of spending its first fit pairs saturated; a {@link #small} one at the lowest rate
     * (at 0.23 reference cores the scaled 117 req/s left a quarter of the host idle in 1 of 6 pairs: a request costs more
     * CPU as the rate falls, 1.0 ms at 50 a side against 0.63 at 125).
     */
    static int startRate(int ceiling, HostSpeed.Reading host) {
        if (small(host)) {
            return Math.min(LOWEST_RATE, ceiling);
        }
        double scaled = ceiling * referenceCores(host) / REFERENCE_CORES;
        int stepped = (int) Math.floor(scaled / RATE_STEP) * RATE_STEP;
        return Math.max(Math.min(LOWEST_RATE, ceiling), Math.min(ceiling, stepped));
    }

    /** The duet's warm-up, unless named: C1's on a {@link #small} host (null: a host not read), else a shared node's. */
    static int startWarmupSeconds(HostSpeed.Reading host, int sharedNodeWarmup) {
        return host != null && small(host) ? SMALL_HOST_WARMUP_SECONDS : sharedNodeWarmup;
    }

    /** The duet's measured phase, unless named: {@link #SMALL_HOST_MEASURED_SECONDS} on a {@link #small} host, else the runs'. */
    static int startMeasuredSeconds(HostSpeed.Reading host) {
        return host != null && small(host) ? SMALL_HOST_MEASURED_SECONDS : DEFAULT_MEASURED_SECONDS;
    }

    /** The facades' first JIT, unless named: C1 only on a {@link #small} host, else the JVM's default. */
    static FacadeJit startJit(HostSpeed.Reading host) {
        return small(host) ? FacadeJit.C1 : FacadeJit.TIERED;
    }

    /** Whether the host has less than {@link #SMALL_HOST_CORES} of the reference host's cores. */
    static boolean small(HostSpeed.Reading host) {
        return referenceCores(host) < SMALL_HOST_CORES;
    }

    /** The host's cores in the reference host's: its cores scaled by their single-thread speed. */
    static double referenceCores(HostSpeed.Reading host) {
        return host.cores() * REFERENCE_PROBE_MS / Math.max(1.0, host.probeMillis());
    }

    /**
     * The rate whose busy cores leave {@code minIdle} plus a margin idle, if busy cores grow with the rate; half the rate
     * when under 5% of the cores were idle (a saturated host hides its demand). Whole steps of 50, between
     * {@link #LOWEST_RATE} and {@code ceiling}.
     */
    static int fittedRate(int rate, double idleShare, double minIdle, int ceiling) {
        double target;
        if (idleShare < 0.05) {
            target = rate / 2.0;
        } else {
            double busyShare = 1 - idleShare;
            target = rate * (1 - minIdle - IDLE_MARGIN) / busyShare;
        }
        int stepped = (int) Math.floor(target / RATE_STEP) * RATE_STEP;
        return Math.max(Math.min(LOWEST_RATE, ceiling), Math.min(ceiling, stepped));
    }
}
