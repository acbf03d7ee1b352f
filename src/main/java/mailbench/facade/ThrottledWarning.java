package mailbench.facade;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Lets one warning through per interval and counts the ones it held back, so a failure that
 * repeats thousands of times a second (a backend outage) leaves a readable log with its cause.
 */
final class ThrottledWarning {

    private final long intervalNanos;
    private final LongSupplier clock;
    private final AtomicLong nextAllowed;
    private final AtomicLong held = new AtomicLong();

    ThrottledWarning(long intervalNanos, LongSupplier clock) {
        this.intervalNanos = intervalNanos;
        this.clock = clock;
        this.nextAllowed = new AtomicLong(clock.getAsLong());
    }

    /** -1 when this occurrence is held back; else how many were held back since the last one let through. */
    long tryPass() {
        long now = clock.getAsLong();
        long next = nextAllowed.get();
        if (now - next >= 0 && nextAllowed.compareAndSet(next, now + intervalNanos)) {
            return held.getAndSet(0);
        }
        held.incrementAndGet();
        return -1;
    }
}
