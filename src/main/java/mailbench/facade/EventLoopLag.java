package mailbench.facade;

import java.util.function.LongSupplier;

import io.vertx.core.Vertx;

/**
 * How far behind one event loop runs. A timer re-armed every {@link #PERIOD_MS} on the loop fires
 * late by the time the loop spent on other work or waiting for a CPU; a request read from a
 * socket meanwhile has waited about as long in the kernel before the facade saw it. That wait is
 * invisible to the in-flight bound (it counts calls to OpenSearch, made after a request is read),
 * so when the facade's cores are shared or its loop is saturated, this is the signal that sheds.
 *
 * <p>Both the timer and the readers run on the loop's own thread: no other thread touches it.
 */
final class EventLoopLag {

    static final long PERIOD_MS = 20;
    private static final long PERIOD_NANOS = PERIOD_MS * 1_000_000;

    private final LongSupplier clock;
    private long dueNanos;
    private long lastLagNanos;

    EventLoopLag(LongSupplier clock) {
        this.clock = clock;
        this.dueNanos = clock.getAsLong() + PERIOD_NANOS;
    }

    /** A probe on the calling event loop, its timer armed on that loop until the Vert.x instance closes. */
    static EventLoopLag startOnCurrentLoop(Vertx vertx) {
        EventLoopLag lag = new EventLoopLag(System::nanoTime);
        lag.arm(vertx);
        return lag;
    }

    private void arm(Vertx vertx) {
        vertx.setTimer(PERIOD_MS, id -> {
            tick();
            arm(vertx);
        });
    }

    /** The timer fired: how late it was is the loop's latest lag. */
    void tick() {
        long now = clock.getAsLong();
        lastLagNanos = Math.max(0, now - dueNanos);
        dueNanos = now + PERIOD_NANOS;
    }

    /**
     * The loop's lag now: the larger of how overdue the next tick is (requests read in the same
     * pass after a stall, before the loop gets to its timers) and how late the last tick was
     * (requests read in the pass after it, as when a stopped process resumes: its selector wakes
     * up empty, runs the late timer, and only then reads what waited).
     */
    long nanos() {
        return Math.max(lastLagNanos, clock.getAsLong() - dueNanos);
    }
}
