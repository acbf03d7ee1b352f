package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.vertx.core.Context;
import io.vertx.core.Vertx;

class EventLoopLagTest {

    private static final long MS = 1_000_000;

    @Test
    void aTimerFiringLateShouldBeTheLagUntilTheNextOneFiresOnTime() {
        AtomicLong now = new AtomicLong(1_000 * MS);
        EventLoopLag lag = new EventLoopLag(now::get);

        now.addAndGet((EventLoopLag.PERIOD_MS + 300) * MS);
        lag.tick();
        assertThat(lag.nanos()).isEqualTo(300 * MS);

        now.addAndGet(EventLoopLag.PERIOD_MS * MS);
        lag.tick();
        assertThat(lag.nanos()).isZero();
    }

    @Test
    void aTimerNotFiredYetShouldCountAsLateFromItsDueTime() {
        AtomicLong now = new AtomicLong(0);
        EventLoopLag lag = new EventLoopLag(now::get);

        now.addAndGet(EventLoopLag.PERIOD_MS * MS);
        assertThat(lag.nanos()).as("due right now").isZero();
        now.addAndGet(700 * MS);
        assertThat(lag.nanos()).as("a loop stuck since the tick was due").isEqualTo(700 * MS);
    }

    @Test
    void aRealLoopBlockedForAWhileShouldReportAboutThatLong() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            Context loop = vertx.getOrCreateContext();
            EventLoopLag lag = onLoop(loop, () -> EventLoopLag.startOnCurrentLoop(vertx));
            // kept: a few ticks first, as on a serving facade, so the block below starts between two ticks, not at arming
            Thread.sleep(5 * EventLoopLag.PERIOD_MS);

            loop.runOnContext(ignored -> sleep(400));
            long blocked = onLoop(loop, lag::nanos);

            // the timer was due at most one period after the block began
            assertThat(blocked).isGreaterThanOrEqualTo((400 - EventLoopLag.PERIOD_MS) * MS);
        } finally {
            vertx.close().await(10, TimeUnit.SECONDS);
        }
    }

    private static <T> T onLoop(Context loop, java.util.function.Supplier<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        loop.runOnContext(ignored -> result.complete(work.get()));
        return result.get(10, TimeUnit.SECONDS);
    }

    /** Kept sleep: blocking the loop for a known time is what the test measures. */
    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
