package mailbench.network;

/**
 * What one hop between two boxes does to every byte, in each direction: a one-way delay of {@code latencyMs} plus or
 * minus {@code jitterMs}, and at most {@code bandwidthKBps} kilobytes (1,000 bytes) a second, 0 for no cap. A call
 * crosses a hop twice (its request, then its answer), so its round trip grows by twice the delay.
 */
public record Hop(int latencyMs, int jitterMs, int bandwidthKBps) {

    public Hop {
        if (latencyMs < 0 || jitterMs < 0 || bandwidthKBps < 0) {
            throw new IllegalArgumentException("a hop's latency, jitter and bandwidth are 0 or more, got " + latencyMs + " ms, "
                + jitterMs + " ms, " + bandwidthKBps + " KB/s");
        }
        if (jitterMs > latencyMs) {
            // toxiproxy draws latency - jitter .. latency + jitter: past the latency a delay would be negative
            throw new IllegalArgumentException("a hop's jitter (" + jitterMs + " ms) cannot exceed its latency (" + latencyMs + " ms)");
        }
    }

    /** The round trip a call's request and answer add, in ms, jitter aside. */
    public int roundTripMs() {
        return 2 * latencyMs;
    }
}
