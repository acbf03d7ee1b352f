package mailbench.runfolder;

import java.util.List;

import org.HdrHistogram.Histogram;

/**
 * summary.json: the measured phase's numbers (warm-up excluded) overall and per request name.
 * Built from Gatling's own simulation.log records, because Gatling 3.15 writes no JSON stats
 * and its report mixes warm-up into the global numbers and divides throughput by the whole run.
 * {@code errors} says when KO responses came, warm-up included (see {@link ErrorWindow}; null for a
 * merged run), {@code profile} is the profiler's section (see {@link ProfileSection}), {@code cpu}
 * where the machine's cores went in the measured window (see {@link CpuSection}), {@code facade} the facade's
 * allocation and GC pauses in the measured phase (see {@link FacadeSection}; null when not read).
 */
public record RunSummary(Stats measured, List<NamedStats> requests, WarmUp warmUp, Window window, boolean complete,
                         List<ErrorWindow> errors, ProfileSection profile, CpuSection cpu,
                         FacadeSection facade) {

    /** The same numbers with the profiler's section. */
    public RunSummary withProfile(ProfileSection section) {
        return new RunSummary(measured, requests, warmUp, window, complete, errors, section, cpu, facade);
    }

    /** The same numbers with the error windows' causes. */
    public RunSummary withErrors(List<ErrorWindow> windows) {
        return new RunSummary(measured, requests, warmUp, window, complete, windows, profile, cpu, facade);
    }

    /** The same numbers with the machine's CPU section. */
    public RunSummary withCpu(CpuSection section) {
        return new RunSummary(measured, requests, warmUp, window, complete, errors, profile, section, facade);
    }

    /** The same numbers with the facade's memory section. */
    public RunSummary withFacade(FacadeSection section) {
        return new RunSummary(measured, requests, warmUp, window, complete, errors, profile, cpu, section);
    }

    /** Numbers of a set of requests; rps over the window in which they were sent. */
    public record Stats(long requests, long ko, double rps, long p50Ms, long p95Ms, long p99Ms, long maxMs, double meanMs) {

        /** From the response times of every request of the set (OK and KO), the KO count and the throughput. */
        public static Stats of(Histogram all, long ko, double rps) {
            if (all.getTotalCount() == 0) {
                return new Stats(0, 0, 0, 0, 0, 0, 0, 0);
            }
            return new Stats(all.getTotalCount(), ko, round(rps), all.getValueAtPercentile(50), all.getValueAtPercentile(95),
                all.getValueAtPercentile(99), all.getMaxValue(), round(all.getMean()));
        }

        private static double round(double value) {
            return Math.round(value * 100) / 100.0;
        }
    }

    /** The same numbers for one request name. */
    public record NamedStats(String name, long requests, long ko, double rps, long p50Ms, long p95Ms, long p99Ms, long maxMs,
                             double meanMs) {
        public static NamedStats of(String name, Stats s) {
            return new NamedStats(name, s.requests(), s.ko(), s.rps(), s.p50Ms(), s.p95Ms(), s.p99Ms(), s.maxMs(), s.meanMs());
        }
    }

    /** When the measured requests were sent (first to last), epoch milliseconds. */
    public record Window(long startMillis, long endMillis) {
    }

    /** How much warm-up traffic there was (not in the measured numbers). */
    public record WarmUp(long requests, long ko) {
    }

}
