package mailbench.facade;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;

/**
 * Reads a request's body as raw bytes, at most {@code --max-body-bytes}, before the routes see it.
 * Unlike Vert.x's BodyHandler it never decodes a form: curl's default content type
 * ({@code application/x-www-form-urlencoded}, with {@code -d}) carries JSON here, and a {@code %} in
 * it is text, not a broken escape. A method that takes no body (GET, DELETE, ...) sent with one is
 * refused with a 400 once the body is drained (discarded as it arrives, never held). The bytes a body
 * holds count against {@link BodyBytesInFlight} until its request ends: past that bound it is a 503
 * (413 when the body alone is larger than the bound); and against {@link HeldBytes} until its work ends.
 */
final class RequestBody implements Handler<RoutingContext> {

    private static final String KEY = RequestBody.class.getName();
    private static final byte[] EMPTY = new byte[0];
    private static final Set<HttpMethod> NO_BODY = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.DELETE, HttpMethod.OPTIONS,
        HttpMethod.TRACE);

    private final int maxBytes;
    private final BodyBytesInFlight inFlight;
    private final HeldBytes heldBytes;
    private final long timeoutMs;

    /** {@code timeoutMs}: how long after its head a body must be whole (--request-body-timeout-ms). */
    RequestBody(int maxBytes, BodyBytesInFlight inFlight, HeldBytes heldBytes, long timeoutMs) {
        this.maxBytes = maxBytes;
        this.inFlight = inFlight;
        this.heldBytes = heldBytes;
        this.timeoutMs = timeoutMs;
    }

    /** The body {@link #handle} read for this request; empty when there was none. */
    static byte[] bytes(RoutingContext ctx) {
        byte[] body = ctx.get(KEY);
        return body == null ? EMPTY : body;
    }

    @Override
    public void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        boolean keep = !NO_BODY.contains(request.method());
        String contentType = request.getHeader("content-type");
        if (keep && contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith("multipart/")) {
            refuse(ctx, 415, "multipart bodies are not read: send JSON with Content-Type: application/json");
            return;
        }
        long declared = declaredLength(request);
        if (declared > maxBytes) {
            refuse(ctx, 413, tooLarge());
            return;
        }
        if (keep && declared > inFlight.addressBound()) {
            refuse(ctx, 413, largerThanInFlightBound(declared));
            return;
        }
        if (keep && declared > heldBytes.bound()) {
            refuse(ctx, 413, heldBytes.refusal(declared, "the request body").getMessage());
            return;
        }
        if (request.isEnded()) {
            ctx.next();
            return;
        }
        if ("100-continue".equalsIgnoreCase(request.getHeader("expect"))) {
            request.response().writeContinue();
        }
        Accumulator body = new Accumulator(keep, declared, inFlight, clientAddress(request), heldBytes.ticket(ctx));
        // each byte resets the idle timeout: a body sent a byte at a time is bounded by this deadline instead
        long deadline = ctx.vertx().setTimer(timeoutMs, id -> {
            if (!body.failed && !body.whole) {
                fail(ctx, body, 408, "the request body was not whole within " + timeoutMs + " ms of its head"
                    + " (--request-body-timeout-ms): send it faster, or in smaller requests");
            }
        });
        // answered, failed or closed by the client: the bytes held are given back once
        ctx.addEndHandler(ended -> {
            ctx.vertx().cancelTimer(deadline);
            body.release();
        });
        request.handler(chunk -> {
            if (body.failed) {
                return;
            }
            if (body.size + chunk.length() > maxBytes) {
                // the rest is read and dropped, as Vert.x's BodyHandler does: memory stays at the limit
                fail(ctx, body, 413, tooLarge());
                return;
            }
            switch (body.add(chunk)) {
                case ALONE_TOO_LARGE -> fail(ctx, body, 413, largerThanInFlightBound(body.size + chunk.length()));
                case BUSY -> {
                    ctx.response().putHeader("retry-after", "1");
                    fail(ctx, body, 503, "request bodies being read already hold close to " + inFlight.bound()
                        + " bytes (--max-body-bytes-in-flight): retry later");
                }
                case ADDRESS_BUSY -> {
                    ctx.response().putHeader("retry-after", "1");
                    fail(ctx, body, 503, "request bodies being read from " + body.address + " already hold close to "
                        + inFlight.addressBound() + " bytes, what one client address may hold of --max-body-bytes-in-flight:"
                        + " retry later");
                }
                case HELD_REFUSED -> {
                    BadRequest refusal = heldBytes.refusal(body.ticket.taken() + chunk.length(), "the request body");
                    if (refusal.status() == 503) {
                        ctx.response().putHeader("retry-after", "1");
                    }
                    fail(ctx, body, refusal.status(), refusal.getMessage());
                }
                default -> { }
            }
        });
        request.endHandler(ended -> {
            body.whole = true;
            ctx.vertx().cancelTimer(deadline);
            if (body.failed) {
                return;
            }
            if (!keep && body.size > 0) {
                JsonReplies.error(ctx, 400, request.method() + " takes no request body (got " + body.size
                    + " bytes): send its parameters in the URL");
                return;
            }
            ctx.put(KEY, body.bytes());
            ctx.next();
        });
        request.resume();
    }

    private static void fail(RoutingContext ctx, Accumulator body, int status, String message) {
        body.failed = true;
        body.release();
        refuse(ctx, status, message);
    }

    private String largerThanInFlightBound(long bytes) {
        return "request body of " + bytes + " bytes is larger than all bodies together may hold (" + inFlight.bound()
            + " bytes, --max-body-bytes-in-flight)";
    }

    /** The peer's address, the key of its share of the bodies in flight. */
    private static String clientAddress(HttpServerRequest request) {
        io.vertx.core.net.SocketAddress remote = request.remoteAddress();
        return remote == null || remote.hostAddress() == null ? "unknown" : remote.hostAddress();
    }

    private String tooLarge() {
        return "request body larger than " + maxBytes + " bytes (--max-body-bytes)";
    }

    /**
     * Answers at once and closes the connection: the rest of the body is never read (it may never end), where Vert.x's
     * BodyHandler would read and drop it.
     */
    private static void refuse(RoutingContext ctx, int status, String message) {
        JsonReplies.errorAndClose(ctx, status, message);
    }

    private static long declaredLength(HttpServerRequest request) {
        String value = request.getHeader("content-length");
        if (value == null) {
            return -1;
        }
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** What became of a chunk: held, or refused by --max-body-bytes-in-flight (alone, or beside the others) or --max-held-bytes. */
    private enum Added { HELD, ALONE_TOO_LARGE, BUSY, ADDRESS_BUSY, HELD_REFUSED }

    /**
     * The body as it arrives, in an array that doubles as needed, never past the declared length: memory follows the
     * bytes received, not the bytes announced (a client that announces 32 MiB and stalls holds almost nothing). Each
     * growth of the array is taken from {@link BodyBytesInFlight} first, and from the request's {@link HeldBytes} ticket,
     * which holds it until the work the body started has ended.
     */
    private static final class Accumulator {

        private static final int FIRST_CAPACITY = 16 * 1024;

        private final boolean keep;
        private final long declared;
        private final BodyBytesInFlight inFlight;
        private final String address;
        private final HeldBytes.Ticket ticket;
        private byte[] data = EMPTY;
        private long taken;
        private int size;
        private boolean failed;
        private boolean whole;

        Accumulator(boolean keep, long declared, BodyBytesInFlight inFlight, String address, HeldBytes.Ticket ticket) {
            this.keep = keep;
            this.declared = declared;
            this.inFlight = inFlight;
            this.address = address;
            this.ticket = ticket;
        }

        Added add(Buffer chunk) {
            int needed = size + chunk.length();
            if (keep) {
                if (needed > data.length) {
                    if (needed > inFlight.addressBound()) {
                        return Added.ALONE_TOO_LARGE;
                    }
                    long capacity = Math.max(needed, Math.max(FIRST_CAPACITY, 2L * data.length));
                    if (declared >= needed) {
                        capacity = Math.min(capacity, declared);
                    }
                    capacity = Math.max(needed, Math.min(capacity, inFlight.addressBound()));
                    long growth = capacity - data.length;
                    BodyBytesInFlight.Take took = inFlight.tryTake(address, growth);
                    if (took != BodyBytesInFlight.Take.TAKEN) {
                        return took == BodyBytesInFlight.Take.BUSY ? Added.BUSY : Added.ADDRESS_BUSY;
                    }
                    if (!ticket.tryTake(growth)) {
                        inFlight.give(address, growth);
                        return Added.HELD_REFUSED;
                    }
                    taken += growth;
                    data = Arrays.copyOf(data, (int) capacity);
                }
                chunk.getBytes(0, chunk.length(), data, size);
            }
            size = needed;
            return Added.HELD;
        }

        byte[] bytes() {
            if (!keep || size == 0) {
                return EMPTY;
            }
            byte[] body = size == data.length ? data : Arrays.copyOf(data, size);
            data = EMPTY;
            return body;
        }

        /**
         * Gives back what this body took from {@link BodyBytesInFlight}; once, whatever calls it first (the end of the
         * request, a refusal). Its ticket keeps its share until the request's work ends.
         */
        void release() {
            inFlight.give(address, taken);
            taken = 0;
            data = EMPTY;
        }
    }
}
