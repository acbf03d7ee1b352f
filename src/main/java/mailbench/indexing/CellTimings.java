package mailbench.indexing;

import java.util.HashMap;
import java.util.Map;

import org.HdrHistogram.Histogram;

/**
 * Response times of each cell's bulk requests, read back from the load generator's log, and the
 * span from the cell's first request to its last answer (what docs/s is computed over).
 */
public final class CellTimings {

    private static final long MAX_MS = 3_600_000L;

    private final Map<String, Span> spans = new HashMap<>();

    /** One request of the log; names that are no cell's are ignored later. */
    public void record(String name, long startMillis, long endMillis, boolean ok) {
        spans.computeIfAbsent(name, n -> new Span()).record(startMillis, endMillis, ok);
    }

    Span of(String name) {
        return spans.get(name);
    }

    /** The requests of one name. */
    static final class Span {
        final Histogram histogram = new Histogram(MAX_MS, 3);
        long firstStart = Long.MAX_VALUE;
        long lastEnd = Long.MIN_VALUE;
        long ko;

        void record(long startMillis, long endMillis, boolean ok) {
            histogram.recordValue(Math.min(MAX_MS, Math.max(0, endMillis - startMillis)));
            firstStart = Math.min(firstStart, startMillis);
            lastEnd = Math.max(lastEnd, endMillis);
            if (!ok) {
                ko++;
            }
        }

        double seconds() {
            return Math.max(1, lastEnd - firstStart) / 1000.0;
        }
    }
}
