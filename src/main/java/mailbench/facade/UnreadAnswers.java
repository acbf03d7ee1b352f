package mailbench.facade;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

import io.netty.util.internal.PlatformDependent;

/**
 * The bytes of answers written but not yet taken by their clients, over every event loop, bounded by
 * {@code --max-unread-answer-bytes}. Netty copies an answer into direct memory to send it and keeps it there until the
 * socket takes the last byte: a client that asks for a large message and never reads holds it until its connection
 * closes. Past the bound a new answer is refused (503) rather than queued; an answer not taken within
 * {@code --answer-write-timeout-ms} closes its connection ({@link AnswerWrites}), which gives its bytes back.
 *
 * <p>Small answers (searches, errors) get the whole bound, large ones (a whole message) only seven eighths of it: clients
 * that stall on large answers never leave the reading clients' small answers without room.
 */
final class UnreadAnswers {

    /** Answers up to this size may use the last eighth of the bound. */
    static final int SMALL_ANSWER_BYTES = 64 * 1024;

    private static final BufferPoolMXBean DIRECT_POOL = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
        .filter(pool -> "direct".equals(pool.getName())).findFirst().orElse(null);

    private final long bound;
    private final LongSupplier directHeadroom;
    private final AtomicLong unread = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();
    private final LongAdder refused = new LongAdder();
    private final LongAdder closedLate = new LongAdder();
    private final LongAdder outOfDirectMemory = new LongAdder();

    /** {@code directHeadroom}: the direct memory still free, checked before a large answer is written. */
    UnreadAnswers(long bound, LongSupplier directHeadroom) {
        this.bound = bound;
        this.directHeadroom = directHeadroom;
    }

    /** Bounded by {@code bound}, with the JVM's direct memory as headroom. */
    UnreadAnswers(long bound) {
        this(bound, UnreadAnswers::directMemoryFree);
    }

    long bound() {
        return bound;
    }

    /** The most one answer may hold: the whole bound for a small one, seven eighths of it for a large one. */
    long limitFor(long bytes) {
        return bytes <= SMALL_ANSWER_BYTES ? bound : bound - bound / 8;
    }

    /**
     * True when {@code bytes} more fit beside the answers not read yet (and, for a large answer, in the direct memory left),
     * held from now on until {@link #release}; false: refused, counted.
     */
    boolean tryTake(long bytes) {
        if (bytes > SMALL_ANSWER_BYTES && directHeadroom.getAsLong() < bytes) {
            refused.increment();
            return false;
        }
        long now = unread.addAndGet(bytes);
        if (now > limitFor(bytes)) {
            unread.addAndGet(-bytes);
            refused.increment();
            return false;
        }
        if (now > peak.get()) {
            // read first: every answer passes here, and only a new peak needs a write to the shared line
            peak.accumulateAndGet(now, Math::max);
        }
        return true;
    }

    /** The answer was taken by its client, or its connection closed: its bytes are free. */
    void release(long bytes) {
        unread.addAndGet(-bytes);
    }

    /** What a failed {@link #tryTake} means, as the refusal to answer. */
    BadRequest refusal(long bytes) {
        if (bytes > limitFor(bytes)) {
            return new BadRequest(503, "the answer is " + bytes + " bytes, more than one answer may hold (" + limitFor(bytes)
                + " bytes, seven eighths of --max-unread-answer-bytes): it cannot be sent by this facade");
        }
        return new BadRequest(503, "answers not yet read by their clients already hold close to " + bound
            + " bytes (--max-unread-answer-bytes), or direct memory is short: retry later");
    }

    /** An answer was not taken within --answer-write-timeout-ms: its connection was closed. */
    void closedLate() {
        closedLate.increment();
    }

    /** Writing an answer failed for want of direct memory: its connection was closed. */
    void outOfDirectMemory() {
        outOfDirectMemory.increment();
    }

    /** A gauge: the bytes of answers not read yet. */
    long unread() {
        return unread.get();
    }

    long peak() {
        return peak.get();
    }

    /** Answers refused with 503 by the bound, since the facade started. */
    long refused() {
        return refused.sum();
    }

    /** For {@code GET /_mailbench/stats}: the gauges, the counters since the start, and the JVM's direct memory. */
    Map<String, Object> stats() {
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("unreadAnswerBytesNow", unread());
        stats.put("unreadAnswerBytesPeak", peak());
        stats.put("answersClosedUnread", closedLate.sum());
        stats.put("answersOutOfDirectMemory", outOfDirectMemory.sum());
        stats.put("directBytesUsed", directMemoryUsed());
        stats.put("maxDirectBytes", PlatformDependent.maxDirectMemory());
        return stats;
    }

    /** The bound for {@code --max-unread-answer-bytes 0}: half the JVM's max direct memory. */
    static long defaultBound() {
        return PlatformDependent.maxDirectMemory() / 2;
    }

    /** The direct memory in use: the JVM's direct buffers, or Netty's own count when it allocates without them. */
    static long directMemoryUsed() {
        return Math.max(DIRECT_POOL == null ? 0 : DIRECT_POOL.getMemoryUsed(), PlatformDependent.usedDirectMemory());
    }

    private static long directMemoryFree() {
        return PlatformDependent.maxDirectMemory() - directMemoryUsed();
    }
}
