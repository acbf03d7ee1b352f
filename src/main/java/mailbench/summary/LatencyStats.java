package mailbench.summary;

import mailbench.runfolder.LatencyLog;
import mailbench.runfolder.RunSummary;

/** Latencies and outcomes of one set of requests (one name, or all measured ones), with exact percentiles. */
final class LatencyStats {

    final LatencyLog.Outcomes outcomes = LatencyLog.Outcomes.empty();
    long firstStart = Long.MAX_VALUE;
    long lastStart = Long.MIN_VALUE;

    void record(long startMillis, long endMillis, boolean ok) {
        long millis = Math.min(LatencyLog.MAX_MS, Math.max(0, endMillis - startMillis));
        (ok ? outcomes.ok() : outcomes.ko()).recordValue(millis);
        firstStart = Math.min(firstStart, startMillis);
        lastStart = Math.max(lastStart, startMillis);
    }

    long count() {
        return outcomes.count();
    }

    /** Throughput over the window in which these requests were sent, not over the whole run. */
    RunSummary.Stats toStats(double windowMillis) {
        double rps = windowMillis <= 0 ? 0 : count() * 1000.0 / windowMillis;
        return RunSummary.Stats.of(outcomes.all(), outcomes.ko().getTotalCount(), rps);
    }
}
