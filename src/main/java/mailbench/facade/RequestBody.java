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

    /** Answers before the body is read, and closes the connection: the rest of the body is never read. */
    private static void refuse(RoutingContext ctx, int status, String message) {
        ctx.response().putHeader("connection", "close");
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

    /** The body as it arrives: into one array of the declared length, or a growing buffer when none was declared. */
    private static final class Accumulator {

        private final boolean keep;
        private final byte[] exact;
        private Buffer growing;
        private int size;
        private boolean failed;

        Accumulator(boolean keep, long declared) {
            this.keep = keep;
            this.exact = keep && declared > 0 ? new byte[(int) declared] : null;
        }

        void add(Buffer chunk) {
            if (keep) {
                if (growing == null && exact != null && size + chunk.length() <= exact.length) {
                    chunk.getBytes(0, chunk.length(), exact, size);
                } else {
                    if (growing == null) {
                        growing = Buffer.buffer();
                        if (exact != null) {
                            growing.appendBytes(exact, 0, size);
                        }
                    }
                    growing.appendBuffer(chunk);
                }
            }
            size += chunk.length();
        }

        byte[] bytes() {
            if (!keep || size == 0) {
                return EMPTY;
            }
            if (growing != null) {
                return growing.getBytes();
            }
            return size == exact.length ? exact : Arrays.copyOf(exact, size);
        }
    }
}
