package mailbench.facade;

/**
 * What one request may ask and how much the facade takes on at once: OpenSearch calls waiting, the event loop's lag before
 * new requests are shed, the largest body and the most messages in one bulk request.
 */
public record RequestLimits(int maxInFlight, int maxEventLoopLagMs, int maxBodyBytes, int maxBulkItems) {

    /**
     * Sized in time: at 1,000 req/s a node that stops answering for 1 s piles up 1,000 calls, so a stall of up to a
     * second (a GC, a CPU-starved moment on a small host) is ridden out, not shed; 256 shed after a quarter second.
     * Not above OpenSearch's default search queue (1,000 per node), which would answer 429 before the facade sheds.
     */
    public static final int DEFAULT_MAX_IN_FLIGHT = 1_000;
    /**
     * A request read this late waited about as long unread. A cold facade's loop falls 0.25 s behind
     * on a burst of 50 new connections; past a second the queue is no blip but overload, still far
     * below a load generator's timeout (10 s).
     */
    public static final int DEFAULT_MAX_EVENT_LOOP_LAG_MS = 1_000;
    public static final int DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
    public static final int DEFAULT_MAX_BULK_ITEMS = 10_000;

    public static final RequestLimits DEFAULTS = new RequestLimits(DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_EVENT_LOOP_LAG_MS,
        DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_BULK_ITEMS);

    public RequestLimits {
        Checks.require(maxInFlight >= 1 && maxInFlight <= 100_000,
            "--max-in-flight must be between 1 and 100000, got " + maxInFlight);
        Checks.require(maxEventLoopLagMs >= 0 && maxEventLoopLagMs <= 600_000,
            "--max-event-loop-lag-ms must be between 0 (never shed on lag) and 600000, got " + maxEventLoopLagMs);
        Checks.require(maxBodyBytes >= 1024, "--max-body-bytes must be at least 1024, got " + maxBodyBytes);
        Checks.require(maxBulkItems >= 1 && maxBulkItems <= 100_000,
            "--max-bulk-items must be between 1 and 100000, got " + maxBulkItems);
    }
}
