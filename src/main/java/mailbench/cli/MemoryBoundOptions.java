package mailbench.cli;

import mailbench.facade.MemoryBounds;
import picocli.CommandLine.Option;

/** The facade's options for what requests and answers may hold at once; 0 for each: a share of the JVM's memory. */
final class MemoryBoundOptions {

    @Option(names = "--max-body-bytes-in-flight", description = "Request-body bytes held at once over all requests; a body that"
        + " would pass it gets 503 with Retry-After (413 if larger alone); 0: an eighth of the max heap (default: ${DEFAULT-VALUE})",
        defaultValue = "" + MemoryBounds.DEFAULT_BODY_BYTES_IN_FLIGHT)
    long maxBodyBytesInFlight;

    @Option(names = "--max-held-bytes", description = "What all requests may hold at once, from a body's first byte to the end"
        + " of its work (raw body, parsed messages, the serialised request, the answer, by a conservative estimate); a request"
        + " that would pass it alone gets 413, beside the others 503 with Retry-After; 0: half the max heap (default: ${DEFAULT-VALUE})",
        defaultValue = "" + MemoryBounds.DEFAULT_HELD_BYTES)
    long maxHeldBytes;

    @Option(names = "--max-unread-answer-bytes", description = "Bytes of answers written and not yet read by their clients, held"
        + " at once in direct memory; an answer that would pass it gets 503 with Retry-After (answers over 64 KiB may use seven"
        + " eighths of it); 0: half the max direct memory (default: ${DEFAULT-VALUE})",
        defaultValue = "" + MemoryBounds.DEFAULT_UNREAD_ANSWER_BYTES)
    long maxUnreadAnswerBytes;

    MemoryBounds bounds() {
        return new MemoryBounds(maxBodyBytesInFlight, maxHeldBytes, maxUnreadAnswerBytes);
    }
}
