package mailbench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;

/**
 * summary.json: the measured phase's numbers (warm-up excluded) overall and per request name.
 * Built from Gatling's own simulation.log records, because Gatling 3.15 writes no JSON stats
 * and its report mixes warm-up into the global numbers and divides throughput by the whole run.
 * {@code errors} says when KO responses came, warm-up included (see {@link ErrorWindows}; null for a
 * merged run), {@code profile} is the profiler's section (see {@link ProfileSection}), {@code cpu}
 * where the machine's cores went in the measured window (see {@link HostCpu}), {@code facade} the facade's
 * allocation and GC pauses in the measured phase (see {@link FacadeSection}; null when not read).
 */
public record RunSummary(Stats measured, List<NamedStats> requests, WarmUp warmUp, Window window, boolean complete,
                         List<ErrorWindows.Window> errors, ProfileSection profile, HostCpu.Section cpu,
                         FacadeSection facade) {

    /** The same numbers with the profiler's section. */
    public RunSummary withProfile(ProfileSection section) {
        return new RunSummary(measured, requests, warmUp, window, complete, errors, section, cpu, facade);
    }

    /** The same numbers with the error windows' causes. */
    public RunSummary withErrors(List<ErrorWindows.Window> windows) {
        return new RunSummary(measured, requests, warmUp, window, complete, windows, profile, cpu, facade);
    }

    /** The same numbers with the machine's CPU section. */
    public RunSummary withCpu(HostCpu.Section section) {
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

    /** Collects records; names starting with {@link BenchConfig#WARM_UP_PREFIX} count as warm-up. */
    public static final class Builder implements RequestRecordSink {
        private final LatencyStats measured = new LatencyStats();
        private final Map<String, LatencyStats> byName = new TreeMap<>();
        private final ErrorWindows errors = new ErrorWindows();
        private long warmUpRequests;
        private long warmUpKo;

        @Override
        public void accept(String name, long startMillis, long endMillis, boolean ok, String error) {
            boolean warmUp = name.startsWith(BenchConfig.WARM_UP_PREFIX);
            errors.record(startMillis, ok, warmUp, error);
            if (warmUp) {
                warmUpRequests++;
                warmUpKo += ok ? 0 : 1;
                return;
            }
            measured.record(startMillis, endMillis, ok);
            byName.computeIfAbsent(name, n -> new LatencyStats()).record(startMillis, endMillis, ok);
        }

        public RunSummary build(boolean complete) {
            // one window for every name: from the first measured request sent to the last, plus one mean gap
            // (N arrivals span N-1 gaps), so N requests at a steady R req/s give exactly R
            long n = measured.count();
            double window = n < 2 ? 0 : (measured.lastStart - measured.firstStart) * (double) n / (n - 1);
            List<NamedStats> requests = new ArrayList<>();
            byName.forEach((name, stats) -> requests.add(NamedStats.of(name, stats.toStats(window))));
            Window bounds = measured.count() == 0 ? null : new Window(measured.firstStart, measured.lastStart);
            return new RunSummary(measured.toStats(window), requests, new WarmUp(warmUpRequests, warmUpKo), bounds, complete,
                errors.windows(), null, null, null);
        }

        /** The measured response times by name, for latency.hlog; empty when nothing was measured. */
        public Optional<LatencyLog.Measured> latencies() {
            if (measured.count() == 0) {
                return Optional.empty();
            }
            Map<String, LatencyLog.Outcomes> outcomes = new TreeMap<>();
            byName.forEach((name, stats) -> outcomes.put(name, stats.outcomes));
            return Optional.of(new LatencyLog.Measured(measured.firstStart, measured.lastStart, outcomes));
        }
    }
}
