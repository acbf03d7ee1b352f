package mailbench.facade;

import java.time.Duration;

/**
 * How long each part of a client's exchange may take. Each byte a client sends resets the idle timeout, so a head or a body
 * sent a byte at a time would hold its connection (and a body its share of the bytes in flight) for ever: the head and the
 * body have deadlines of their own, and so has an answer its client does not read.
 */
public record InboundTimeouts(Duration idle, Duration requestHead, Duration requestBody, Duration answerWrite) {

    /** A connection that sends or reads nothing for this long is closed: half-sent headers do not hold a socket forever. */
    public static final Duration DEFAULT_IDLE = Duration.ofSeconds(60);
    /** A request head must be complete this long after its first byte (or after the connection opened), else 408 and close. */
    public static final Duration DEFAULT_REQUEST_HEAD = Duration.ofSeconds(10);
    /** A body must be whole this long after its head, else 408 and close: 30 s takes a 32 MiB body at 1.1 MB/s. */
    public static final Duration DEFAULT_REQUEST_BODY = Duration.ofSeconds(30);
    /** An answer its client has not taken this long after it was written closes its connection: 30 s sends 24 MiB at 0.8 MB/s. */
    public static final Duration DEFAULT_ANSWER_WRITE = Duration.ofSeconds(30);

    public static final InboundTimeouts DEFAULTS = new InboundTimeouts(DEFAULT_IDLE, DEFAULT_REQUEST_HEAD, DEFAULT_REQUEST_BODY,
        DEFAULT_ANSWER_WRITE);

    public InboundTimeouts {
        Checks.requireMillis(idle, 100, 3_600_000, "--idle-timeout-ms");
        Checks.requireMillis(requestHead, 100, 3_600_000, "--request-head-timeout-ms");
        Checks.requireMillis(requestBody, 100, 3_600_000, "--request-body-timeout-ms");
        Checks.requireMillis(answerWrite, 100, 3_600_000, "--answer-write-timeout-ms");
    }

    public InboundTimeouts withIdle(Duration newIdle) {
        return new InboundTimeouts(newIdle, requestHead, requestBody, answerWrite);
    }

    public InboundTimeouts withRequestHead(Duration newRequestHead) {
        return new InboundTimeouts(idle, newRequestHead, requestBody, answerWrite);
    }

    public InboundTimeouts withRequestBody(Duration newRequestBody) {
        return new InboundTimeouts(idle, requestHead, newRequestBody, answerWrite);
    }

    public InboundTimeouts withAnswerWrite(Duration newAnswerWrite) {
        return new InboundTimeouts(idle, requestHead, requestBody, newAnswerWrite);
    }
}
