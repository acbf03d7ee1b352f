package mailbench.facade;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import mailbench.facade.opensearch.ClientWatchdog;

/**
 * Admission control, the same for every route that calls OpenSearch ({@code /health} too): a request is refused
 * with 503 while its event loop lags, while the client is dead, or past the in-flight bound; the refusals are
 * counted for {@code /_mailbench/stats}, and a failure nobody could classify (502) is logged, throttled.
 */
final class Admission {

    // the routes' logger: a log configuration that names it keeps seeing the 502 lines
    private static final Logger LOG = LoggerFactory.getLogger(MailRoutes.class);

    private final FacadeConfig config;
    private final ClientWatchdog watchdog;
    /**
     * Requests handed to the client and not answered yet. Bounded because the client queues
     * without limit for a pooled connection, and a long queue that fails at once unwinds
     * recursively in httpclient5 (HTTPCLIENT-2398) until its I/O thread dies of a
     * StackOverflowError: past the bound the facade answers 503 at once instead.
     */
    private final AtomicInteger inFlight = new AtomicInteger();
    /** One lag probe per event loop, started by the first request the loop serves. */
    private final ThreadLocal<EventLoopLag> loopLag = new ThreadLocal<>();
    /** Event loops that served a request so far: --event-loops at work, or not. */
    private final AtomicInteger loopsServing = new AtomicInteger();
    private final LongAdder refusedInFlight = new LongAdder();
    private final LongAdder refusedLag = new LongAdder();
    /** A 502 is a failure the facade could not classify: its cause goes to the log, once per 10 s at most. */
    private final ThrottledWarning unclassified = new ThrottledWarning(10_000_000_000L, System::nanoTime);

    /** {@code watchdog}: the client's I/O threads, null when not watched. */
    Admission(FacadeConfig config, ClientWatchdog watchdog) {
        this.config = config;
        this.watchdog = watchdog;
    }

    /** True: admitted, and counted in flight until {@link #release}. False: the refusal is answered already. */
    boolean admit(RoutingContext ctx) {
        long lagMs = loopLag(ctx.vertx()).nanos() / 1_000_000;
        if (config.limits().maxEventLoopLagMs() > 0 && lagMs > config.limits().maxEventLoopLagMs()) {
            // shed before any parsing or OpenSearch call: a refusal is the cheapest answer the loop can give while behind
            refusedLag.increment();
            ctx.response().putHeader("retry-after", "1");
            JsonReplies.error(ctx, 503, "the facade's event loop is " + lagMs + " ms behind (over --max-event-loop-lag-ms "
                + config.limits().maxEventLoopLagMs() + "): it is short of CPU or overloaded, retry later");
            return false;
        }
        String dead = watchdog == null ? null : watchdog.problem();
        if (dead != null) {
            JsonReplies.error(ctx, 503, dead);
            return false;
        }
        if (inFlight.incrementAndGet() > config.limits().maxInFlight()) {
            inFlight.decrementAndGet();
            refusedInFlight.increment();
            ctx.response().putHeader("retry-after", "1");
            JsonReplies.error(ctx, 503,
                "the facade already waits on " + config.limits().maxInFlight() + " OpenSearch calls (--max-in-flight):"
                + " OpenSearch is not keeping up, retry later");
            return false;
        }
        return true;
    }

    /** An admitted request's call has ended (answered, failed or timed out): its slot is free. */
    void release() {
        inFlight.decrementAndGet();
    }

    /** Logs the cause of a 502, at most once per 10 s, with how many went unlogged since. */
    void unclassified(RoutingContext ctx, String message, Throwable cause) {
        long held = unclassified.tryPass();
        if (held >= 0) {
            LOG.warn("502 on {} {} ({} more 502s since the last of these lines): {}", ctx.request().method(),
                ctx.request().path(), held, message, cause);
        }
    }

    /** The refusals by cause since the facade started ({@code bodyBytesInFlight}: the request-body bound's; {@code heldBytes}: the held-bytes bound's). */
    Map<String, Object> refused(BodyBytesInFlight bodyBytes, HeldBytes heldBytes) {
        Map<String, Object> refused = new LinkedHashMap<>();
        refused.put("inFlight", refusedInFlight.sum());
        refused.put("eventLoopLag", refusedLag.sum());
        refused.put("bodyBytesInFlight", bodyBytes.refused());
        refused.put("heldBytes", heldBytes.refused());
        return refused;
    }

    int loopsServing() {
        return loopsServing.get();
    }

    /** A gauge: the calls waiting on OpenSearch right now. */
    int inFlightNow() {
        return inFlight.get();
    }

    private EventLoopLag loopLag(Vertx vertx) {
        EventLoopLag lag = loopLag.get();
        if (lag == null) {
            lag = EventLoopLag.startOnCurrentLoop(vertx);
            loopLag.set(lag);
            loopsServing.incrementAndGet();
        }
        return lag;
    }
}
