package mailbench.facade;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import io.vertx.ext.web.RoutingContext;

/**
 * What all requests hold at once, over every event loop, bounded by {@code --max-held-bytes}: a request's raw body from
 * its first byte, then what the body becomes (the parsed messages, the request serialised for OpenSearch, the answer),
 * counted by a conservative estimate ({@link Footprint}) before it is built, until the work the request started has
 * ended, whether it was answered, failed, timed out or cancelled. Bytes received tell little: 31 MB of {@code {}} in
 * attachments become over a gigabyte of objects and serialised JSON.
 *
 * <p>Each request takes its bytes through one {@link Ticket}; the ticket gives them all back once, when its last holder
 * lets go: the HTTP exchange (answered, or closed by the client) and, while it runs, the work handed to a worker thread
 * or to OpenSearch.
 */
final class HeldBytes {

    private static final String KEY = HeldBytes.class.getName();

    private final long bound;
    private final AtomicLong held = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();
    private final LongAdder refused = new LongAdder();

    HeldBytes(long bound) {
        this.bound = bound;
    }

    long bound() {
        return bound;
    }

    /** The request's ticket, made on first use; the exchange holds it until the request ends (answered or closed). */
    Ticket ticket(RoutingContext ctx) {
        Ticket ticket = ctx.get(KEY);
        if (ticket == null) {
            Ticket fresh = newTicket();
            ctx.put(KEY, fresh);
            ctx.addEndHandler(ended -> fresh.letGo());
            ticket = fresh;
        }
        return ticket;
    }

    /** A ticket held by its maker until it lets go. */
    Ticket newTicket() {
        return new Ticket();
    }

    /** A gauge: the bytes all requests hold right now. */
    long held() {
        return held.get();
    }

    /** The most all requests held at once since the facade started. */
    long peak() {
        return peak.get();
    }

    /** Requests refused with 503 because what they would hold did not fit beside the others, since the facade started. */
    long refused() {
        return refused.sum();
    }

    /** 413 when the request alone would pass the bound, else 503 (the bound is full now): what a failed take means. */
    BadRequest refusal(long wanted, String what) {
        if (wanted > bound) {
            return new BadRequest(413, what + " would hold about " + wanted + " bytes, more than all requests together may ("
                + bound + " bytes, --max-held-bytes): send it in smaller parts (fewer messages per bulk, fewer attachments"
                + " or recipients per message)");
        }
        return new BadRequest(503, "requests already hold close to " + bound + " bytes (--max-held-bytes): retry later");
    }

    /** One request's share. */
    final class Ticket {

        private long taken;
        /** The exchange, plus the work while it runs. */
        private int holders = 1;

        /** True when {@code bytes} more fit, held from now on; false when the request alone, or all together, would pass the bound. */
        synchronized boolean tryTake(long bytes) {
            if (holders == 0 || taken + bytes > bound) {
                return false;
            }
            long now = held.addAndGet(bytes);
            if (now > bound) {
                held.addAndGet(-bytes);
                refused.increment();
                return false;
            }
            if (now > peak.get()) {
                peak.accumulateAndGet(now, Math::max); // a write to the shared line only for a new peak
            }
            taken += bytes;
            return true;
        }

        /** Takes {@code bytes} or throws the refusal naming {@code what}. */
        void take(long bytes, String what) {
            if (!tryTake(bytes)) {
                throw refusal(total(bytes), what);
            }
        }

        private synchronized long total(long more) {
            return taken + more;
        }

        /** The work this request started holds the bytes until it calls {@link #letGo}, however early the client leaves. */
        synchronized void hold() {
            holders++;
        }

        /** The last holder gives every byte back. */
        synchronized void letGo() {
            if (holders > 0 && --holders == 0) {
                held.addAndGet(-taken);
                taken = 0;
            }
        }

        synchronized long taken() {
            return taken;
        }
    }
}
