package mailbench.run;

import org.HdrHistogram.Histogram;

/** Latencies and outcomes of one set of requests (one name, or all measured ones), with exact percentiles. */
final class LatencyStats {

    /** Response times are whole milliseconds in Gatling; an hour is far beyond any timeout. */
    private static final long MAX_MS = 3_600_000L;

    final Histogram histogram = new Histogram(MAX_MS, 3);
    long ko;
    long firstStart = Long.MAX_VALUE;
    long lastStart = Long.MIN_VALUE;

    void record(long startMillis, long endMillis, boolean ok) {
        histogram.recordValue(Math.min(MAX_MS, Math.max(0, endMillis - startMillis)));
        if (!ok) {
            ko++;
        }
        firstStart = Math.min(firstStart, startMillis);
        lastStart = Math.max(lastStart, startMillis);
    }

    long count() {
        return histogram.getTotalCount();
    }

    /** Throughput over the window in which these requests were sent, not over the whole run. */
    double rps(double windowMillis) {
        return windowMillis <= 0 ? 0 : count() * 1000.0 / windowMillis;
    }

    RunSummary.Stats toStats(double windowMillis) {
        if (count() == 0) {
            return new RunSummary.Stats(0, 0, 0, 0, 0, 0, 0, 0);
        }
        return new RunSummary.Stats(count(), ko, round(rps(windowMillis)), histogram.getValueAtPercentile(50),
            histogram.getValueAtPercentile(95), histogram.getValueAtPercentile(99), histogram.getMaxValue(),
            round(histogram.getMean()));
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
