package mailbench.cli;

import mailbench.facade.RequestLimits;
import picocli.CommandLine.Option;

/** The facade's options for what one request may ask and how much it takes on at once. */
final class RequestLimitOptions {

    @Option(names = "--max-in-flight", description = "OpenSearch calls waiting at once; beyond, 503 at once (default: ${DEFAULT-VALUE})",
        defaultValue = "" + RequestLimits.DEFAULT_MAX_IN_FLIGHT)
    int maxInFlight;

    @Option(names = "--max-event-loop-lag-ms", description = "When the event loop runs this far behind (requests waited unread"
        + " about as long), new requests get 503 at once; 0: never (default: ${DEFAULT-VALUE})",
        defaultValue = "" + RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS)
    int maxEventLoopLagMs;

    @Option(names = "--max-body-bytes", description = "Largest request body accepted, else 413 (default: ${DEFAULT-VALUE})",
        defaultValue = "" + RequestLimits.DEFAULT_MAX_BODY_BYTES)
    int maxBodyBytes;

    @Option(names = "--max-bulk-items", description = "Most messages in one bulk request, else 413 (default: ${DEFAULT-VALUE})",
        defaultValue = "" + RequestLimits.DEFAULT_MAX_BULK_ITEMS)
    int maxBulkItems;

    RequestLimits limits() {
        return new RequestLimits(maxInFlight, maxEventLoopLagMs, maxBodyBytes, maxBulkItems);
    }
}
