package mailbench.facade;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.core.JsonProcessingException;

import io.vertx.core.Future;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import mailbench.facade.opensearch.CallCancel;
import mailbench.json.Json;

/**
 * The facade's JSON answers: a handler's call run to its reply, and the one way every answer and refusal is
 * written. Kept apart from the routes so that {@link MailRoutes} only says what each endpoint does, and the
 * request guards ({@link Admission}, {@link RequestBody}) refuse with the same bytes and headers.
 */
final class JsonReplies {

    // the routes' logger: a log configuration that names it keeps seeing the serialisation failures
    private static final Logger LOG = LoggerFactory.getLogger(MailRoutes.class);

    private final Admission admission;
    private final HeldBytes heldBytes;
    private final long callDeadlineMs;
    private final AnswerWrites writes;

    JsonReplies(Admission admission, HeldBytes heldBytes, long callDeadlineMs, AnswerWrites writes) {
        this.admission = admission;
        this.heldBytes = heldBytes;
        this.callDeadlineMs = callDeadlineMs;
        this.writes = writes;
    }

    /**
     * Runs a handler: input errors become 4xx at once, backend errors are classified when the future fails. The work holds
     * the request's {@link HeldBytes} until its answer is written; a client that closes its connection first, or a call past
     * its deadline, cancels the work's OpenSearch call.
     */
    void handle(RoutingContext ctx, ReplySupplier work) {
        if (!admission.admit(ctx)) {
            return;
        }
        HeldBytes.Ticket held = heldBytes.ticket(ctx);
        held.hold();
        CallCancel cancel = new CallCancel();
        CompletableFuture<Reply> future;
        try {
            future = work.get(cancel);
        } catch (BadRequest e) {
            admission.release();
            held.letGo();
            refuse(ctx, e);
            return;
        } catch (RuntimeException e) {
            admission.release();
            held.letGo();
            throw e;
        }
        ctx.response().closeHandler(closed -> cancel.cancel());
        // a bounded time even when the client never completes the call (a dead I/O thread): 504, and the slot is freed
        future.orTimeout(callDeadlineMs, TimeUnit.MILLISECONDS).whenComplete((reply, error) -> {
            admission.release();
            if (error != null) {
                cancel.cancel();
            } else {
                cancel.ended();
            }
        });
        Future.fromCompletionStage(future, ctx.vertx().getOrCreateContext()).onComplete(result -> {
            try {
                if (ctx.response().closed()) {
                    // the client left (its call was cancelled): nobody to answer, nothing to log
                    return;
                }
                if (result.succeeded()) {
                    answer(ctx, result.result());
                } else {
                    BackendErrors.Failure failure = BackendErrors.classify(result.cause());
                    if (failure.status() == 502) {
                        admission.unclassified(ctx, failure.message(), result.cause());
                    }
                    refuse(ctx, failure.status(), failure.message());
                }
            } finally {
                held.letGo();
            }
        });
    }

    private static void refuse(RoutingContext ctx, BadRequest e) {
        refuse(ctx, e.status(), e.getMessage());
    }

    /** A 503 of the facade's own bounds says when to come back. */
    private static void refuse(RoutingContext ctx, int status, String message) {
        if (status == 503 && !ctx.response().headWritten()) {
            ctx.response().putHeader("retry-after", "1");
        }
        error(ctx, status, message);
    }

    /**
     * A handler's answer, its bytes held in {@link UnreadAnswers} until its client has taken them; 503 when they do not fit
     * beside the answers not read yet (with {@code Retry-After} unless the answer alone is too large ever to fit).
     */
    private void answer(RoutingContext ctx, Reply reply) {
        byte[] json = serialised(ctx, reply);
        if (json == null) {
            return;
        }
        UnreadAnswers answers = writes.answers();
        if (!answers.tryTake(json.length)) {
            BadRequest refusal = answers.refusal(json.length);
            if (json.length > answers.limitFor(json.length)) {
                error(ctx, refusal.status(), refusal.getMessage());
            } else {
                refuse(ctx, refusal);
            }
            return;
        }
        writes.write(ctx, reply.status(), json);
    }

    static void reply(RoutingContext ctx, Reply reply) {
        byte[] json = serialised(ctx, reply);
        if (json != null) {
            write(ctx.response().setStatusCode(reply.status()), json);
        }
    }

    /** The reply's JSON, or null once a 500 has answered a reply that cannot be serialised (logged: a defect of ours). */
    private static byte[] serialised(RoutingContext ctx, Reply reply) {
        try {
            return Json.MAPPER.writeValueAsBytes(reply.body());
        } catch (JsonProcessingException e) {
            LOG.error("could not serialise a reply", e);
            error(ctx, 500, "internal error (logged by the facade)");
            return null;
        }
    }

    static void error(RoutingContext ctx, int status, String message) {
        answerError(ctx, status, message);
    }

    /** How long, and how many bytes of a refused body, are read and dropped before its connection is closed. */
    static final long LINGER_MS = 1_000;
    static final long LINGER_BYTES = 1 << 20;

    /**
     * Answers, then closes the connection (HTTP/1.x): what is left of a refused or overdue body is not read on, however
     * long it would go on. Not at once, though: a close with the client's bytes unread makes the kernel send a reset,
     * and a client still sending its body then loses the answer before it reads it ("received no bytes"). So the rest
     * is read and dropped for at most {@link #LINGER_MS} and {@link #LINGER_BYTES}, as a web server's lingering close.
     */
    static void errorAndClose(RoutingContext ctx, int status, String message) {
        if (ctx.request().version() == HttpVersion.HTTP_2) {
            error(ctx, status, message);
            return;
        }
        if (!ctx.response().headWritten()) {
            ctx.response().putHeader("connection", "close");
        }
        answerError(ctx, status, message).onComplete(written -> lingerThenClose(ctx));
    }

    private static void lingerThenClose(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        HttpConnection connection = request.connection();
        if (request.isEnded()) {
            connection.close();
            return;
        }
        long[] dropped = {0};
        long timer = ctx.vertx().setTimer(LINGER_MS, id -> connection.close());
        try {
            request.handler(chunk -> {
                dropped[0] += chunk.length();
                if (dropped[0] > LINGER_BYTES) {
                    ctx.vertx().cancelTimer(timer);
                    connection.close();
                }
            });
            request.endHandler(ended -> {
                ctx.vertx().cancelTimer(timer);
                connection.close();
            });
            request.resume();
        } catch (IllegalStateException alreadyRead) {
            ctx.vertx().cancelTimer(timer);
            connection.close();
        }
    }

    private static Future<Void> answerError(RoutingContext ctx, int status, String message) {
        if (ctx.response().ended() || ctx.response().headWritten()) {
            return Future.succeededFuture();
        }
        try {
            return write(ctx.response().setStatusCode(status), Json.MAPPER.writeValueAsBytes(Map.of("error", message)));
        } catch (JsonProcessingException e) {
            return ctx.response().setStatusCode(status).end();
        }
    }

    private static Future<Void> write(HttpServerResponse response, byte[] json) {
        return response.putHeader("content-type", "application/json").end(AnswerWrites.wrapped(json));
    }

    record Reply(int status, Object body) {
    }

    @FunctionalInterface
    interface ReplySupplier {
        /** {@code cancel}: to pass to the store, which stops the call with it. */
        CompletableFuture<Reply> get(CallCancel cancel);
    }

}
