package mailbench.summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import mailbench.runfolder.LatencyLog;
import mailbench.runfolder.RunSummary;

/**
 * Makes summary.json from simulation.log's records; names starting with {@link SimulationLog#WARM_UP_PREFIX} count as
 * warm-up.
 */
public final class RunSummaryBuilder implements RequestRecordSink {
    private final LatencyStats measured = new LatencyStats();
    private final Map<String, LatencyStats> byName = new TreeMap<>();
    private final ErrorWindows errors = new ErrorWindows();
    private long warmUpRequests;
    private long warmUpKo;

    @Override
    public void accept(String name, long startMillis, long endMillis, boolean ok, String error) {
        boolean warmUp = name.startsWith(SimulationLog.WARM_UP_PREFIX);
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
        List<RunSummary.NamedStats> requests = new ArrayList<>();
        byName.forEach((name, stats) -> requests.add(RunSummary.NamedStats.of(name, stats.toStats(window))));
        RunSummary.Window bounds = measured.count() == 0 ? null : new RunSummary.Window(measured.firstStart, measured.lastStart);
        return new RunSummary(measured.toStats(window), requests, new RunSummary.WarmUp(warmUpRequests, warmUpKo), bounds, complete,
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
