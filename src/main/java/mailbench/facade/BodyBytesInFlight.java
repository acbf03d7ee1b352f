package mailbench.facade;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The request-body bytes all requests hold at once, over every event loop, bounded by
 * {@code --max-body-bytes-in-flight}: the per-request cap times the in-flight bound is far past any
 * heap, this is what keeps the sum inside it. A request takes bytes as its buffer grows and gives
 * them all back when it ends (answered, failed or aborted by the client).
 */
final class BodyBytesInFlight {

    private final long bound;
    private final AtomicLong held = new AtomicLong();
    private final LongAdder refused = new LongAdder();

    BodyBytesInFlight(long bound) {
        this.bound = bound;
    }

    long bound() {
        return bound;
    }

    /** True when {@code bytes} more fit under the bound, and they are held from now on; false (and counted) when not. */
    boolean tryTake(long bytes) {
        long now = held.addAndGet(bytes);
        if (now > bound) {
            held.addAndGet(-bytes);
            refused.increment();
            return false;
        }
        return true;
    }

    void give(long bytes) {
        held.addAndGet(-bytes);
    }

    /** A gauge: the bytes held right now. */
    long held() {
        return held.get();
    }

    /** Requests refused with 503 because their body did not fit, since the facade started. */
    long refused() {
        return refused.sum();
    }
}
