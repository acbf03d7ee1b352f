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
 * refused with a 400 once the body is drained (discarded as it arrives, never held).
 */
final class RequestBody implements Handler<RoutingContext> {

    private static final String KEY = RequestBody.class.getName();
    private static final byte[] EMPTY = new byte[0];
    private static final Set<HttpMethod> NO_BODY = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.DELETE, HttpMethod.OPTIONS,
        HttpMethod.TRACE);

    private final int maxBytes;

    RequestBody(int maxBytes) {
        this.maxBytes = maxBytes;
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
        if (request.isEnded()) {
            ctx.next();
            return;
        }
        if ("100-continue".equalsIgnoreCase(request.getHeader("expect"))) {
            request.response().writeContinue();
        }
        Accumulator body = new Accumulator(keep, declared);
        request.handler(chunk -> {
            if (body.failed) {
                return;
            }
            if (body.size + chunk.length() > maxBytes) {
                // the rest is read and dropped, as Vert.x's BodyHandler does: memory stays at the limit
                body.failed = true;
                refuse(ctx, 413, tooLarge());
                return;
            }
            body.add(chunk);
        });
        request.endHandler(ended -> {
            if (body.failed) {
                return;
            }
            if (!keep && body.size > 0) {
                MailRoutes.error(ctx, 400, request.method() + " takes no request body (got " + body.size
                    + " bytes): send its parameters in the URL");
                return;
            }
            ctx.put(KEY, body.bytes());
            ctx.next();
        });
        request.resume();
    }

    private String tooLarge() {
        return "request body larger than " + maxBytes + " bytes (--max-body-bytes)";
    }

    /** Answers at once; the rest of the body is left unread (Vert.x's BodyHandler does the same past its limit). */
    private static void refuse(RoutingContext ctx, int status, String message) {
        MailRoutes.error(ctx, status, message);
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

    /**
     * The body as it arrives, in an array that doubles as needed, never past the declared length: memory follows the
     * bytes received, not the bytes announced (a client that announces 32 MiB and stalls holds almost nothing).
     */
    private static final class Accumulator {

        private static final int FIRST_CAPACITY = 16 * 1024;

        private final boolean keep;
        private final long declared;
        private byte[] data = EMPTY;
        private int size;
        private boolean failed;

        Accumulator(boolean keep, long declared) {
            this.keep = keep;
            this.declared = declared;
        }

        void add(Buffer chunk) {
            int needed = size + chunk.length();
            if (keep) {
                if (needed > data.length) {
                    long capacity = Math.max(needed, Math.max(FIRST_CAPACITY, 2L * data.length));
                    if (declared >= needed) {
                        capacity = Math.min(capacity, declared);
                    }
                    data = Arrays.copyOf(data, (int) capacity);
                }
                chunk.getBytes(0, chunk.length(), data, size);
            }
            size = needed;
        }

        byte[] bytes() {
            if (!keep || size == 0) {
                return EMPTY;
            }
            return size == data.length ? data : Arrays.copyOf(data, size);
        }
    }
}
