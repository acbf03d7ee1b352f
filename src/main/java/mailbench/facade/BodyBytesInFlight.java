package mailbench.facade;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The request-body bytes all requests hold at once, over every event loop, bounded by
 * {@code --max-body-bytes-in-flight}: the per-request cap times the in-flight bound is far past any
 * heap, this is what keeps the sum inside it. A request takes bytes as its buffer grows and gives
 * them all back when it ends (answered, failed or aborted by the client). One client address may hold at most three
 * quarters of the bound, or one whole body of {@code --max-body-bytes} where that is more ({@link #addressBound()}): a
 * body the facade accepts is never refused for its size alone, and where the bound is larger than a body, bodies another
 * address sends find the rest. Without it, 64 bodies from one address, each sent but for its last byte, held the whole
 * bound and every PUT from elsewhere got 503 for as long as they stalled (up to the body timeout), as web servers bound
 * such peers per address.
 */
final class BodyBytesInFlight {

    /** What one address may hold of the bound. */
    static final double ADDRESS_SHARE = 0.75;

    /** Whether bytes were taken, or which bound refused them. */
    enum Take { TAKEN, BUSY, ADDRESS_BUSY }

    private final long bound;
    private final long addressBound;
    private final AtomicLong held = new AtomicLong();
    private final ConcurrentHashMap<String, Long> heldByAddress = new ConcurrentHashMap<>();
    private final LongAdder refused = new LongAdder();

    /** {@code maxBody}: the largest body the facade accepts (--max-body-bytes). */
    BodyBytesInFlight(long bound, long maxBody) {
        this.bound = bound;
        this.addressBound = Math.min(bound, Math.max((long) (bound * ADDRESS_SHARE), maxBody));
    }

    long bound() {
        return bound;
    }

    /** What the bodies from one client address may hold together. */
    long addressBound() {
        return addressBound;
    }

    /** Takes {@code bytes} for a body from {@code address} when they fit under both bounds; else nothing is held and the refusal counted. */
    Take tryTake(String address, long bytes) {
        long[] fromAddress = new long[1];
        heldByAddress.compute(address, (key, now) -> {
            fromAddress[0] = (now == null ? 0 : now) + bytes;
            return fromAddress[0];
        });
        if (fromAddress[0] > addressBound()) {
            giveByAddress(address, bytes);
            refused.increment();
            return Take.ADDRESS_BUSY;
        }
        if (held.addAndGet(bytes) > bound) {
            held.addAndGet(-bytes);
            giveByAddress(address, bytes);
            refused.increment();
            return Take.BUSY;
        }
        return Take.TAKEN;
    }

    void give(String address, long bytes) {
        held.addAndGet(-bytes);
        giveByAddress(address, bytes);
    }

    private void giveByAddress(String address, long bytes) {
        heldByAddress.computeIfPresent(address, (key, now) -> now - bytes <= 0 ? null : now - bytes);
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
