package mailbench.facade.opensearch;

import java.util.concurrent.atomic.LongAdder;

/**
 * What the facade's searches cost it, summed since it started: searches answered, and for the
 * searches whose body the facade decodes itself (the {@code _source} projections) the bytes of
 * OpenSearch's answers and the time spent decoding them. Adders, so the I/O threads never contend.
 */
public final class SearchStats {

    private final LongAdder searches = new LongAdder();
    private final LongAdder decodedSearches = new LongAdder();
    private final LongAdder responseBytes = new LongAdder();
    private final LongAdder decodeNanos = new LongAdder();

    /** A search answered, whatever its projection. */
    void searched() {
        searches.increment();
    }

    /** A search whose answer of {@code bytes} the facade decoded in {@code nanos}. */
    void decoded(long bytes, long nanos) {
        decodedSearches.increment();
        responseBytes.add(bytes);
        decodeNanos.add(nanos);
    }

    public Snapshot snapshot() {
        return new Snapshot(searches.sum(), decodedSearches.sum(), responseBytes.sum(), decodeNanos.sum());
    }

    /** The counters at one moment; two of them give a phase ({@link #minus}). */
    public record Snapshot(long searches, long decodedSearches, long responseBytes, long decodeNanos) {

        public Snapshot minus(Snapshot earlier) {
            return new Snapshot(searches - earlier.searches, decodedSearches - earlier.decodedSearches,
                responseBytes - earlier.responseBytes, decodeNanos - earlier.decodeNanos);
        }

        /** Mean bytes of one decoded answer, or null when none was decoded. */
        public Double bytesPerResponse() {
            return decodedSearches == 0 ? null : (double) responseBytes / decodedSearches;
        }

        /** Mean decode time of one answer in ms, or null. */
        public Double decodeMsPerResponse() {
            return decodedSearches == 0 ? null : decodeNanos / 1e6 / decodedSearches;
        }

        /** Decode throughput in MB/s (10^6 bytes), or null when nothing was decoded. */
        public Double decodeMegabytesPerSecond() {
            return decodeNanos == 0 ? null : responseBytes / 1e6 / (decodeNanos / 1e9);
        }
    }
}
