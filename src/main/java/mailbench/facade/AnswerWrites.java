package mailbench.facade;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.netty.buffer.Unpooled;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.buffer.BufferInternal;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.RoutingContext;

/**
 * Writes an answer whose bytes {@link UnreadAnswers} holds until its client has taken them: given back when the write
 * completes (Netty handed the last byte to the socket) or fails. An answer still not taken after
 * {@code --answer-write-timeout-ms} closes its connection (HTTP/2: resets its stream), which frees its direct memory.
 * A write that fails for want of direct memory (Netty's OutOfDirectMemoryError, or the JDK's "Cannot reserve ... direct
 * buffer memory", neither of which ends the JVM under -XX:+ExitOnOutOfMemoryError) closes that one connection, is counted
 * and logged, throttled: the facade goes on serving the others.
 */
final class AnswerWrites {

    // the routes' logger: a log configuration that names it keeps seeing these lines
    private static final Logger LOG = LoggerFactory.getLogger(MailRoutes.class);

    private final UnreadAnswers answers;
    private final long writeTimeoutMs;
    private final ThrottledWarning outOfMemory = new ThrottledWarning(10_000_000_000L, System::nanoTime);

    AnswerWrites(UnreadAnswers answers, long writeTimeoutMs) {
        this.answers = answers;
        this.writeTimeoutMs = writeTimeoutMs;
    }

    UnreadAnswers answers() {
        return answers;
    }

    /** Writes {@code json}, whose bytes the caller took from {@link UnreadAnswers} already. */
    void write(RoutingContext ctx, int status, byte[] json) {
        long bytes = json.length;
        Future<Void> written;
        try {
            written = ctx.response().setStatusCode(status).putHeader("content-type", "application/json").end(wrapped(json));
        } catch (OutOfMemoryError e) {
            settle(ctx, bytes, Future.failedFuture(e));
            return;
        } catch (RuntimeException e) {
            answers.release(bytes); // not written: given back, and the failure goes on to Vert.x as before
            throw e;
        }
        if (written.isComplete()) {
            // the usual case: the socket took the whole answer at once, no timer needed
            settle(ctx, bytes, written);
            return;
        }
        Vertx vertx = ctx.vertx();
        long timer = vertx.setTimer(writeTimeoutMs, id -> {
            answers.closedLate();
            close(ctx);
        });
        written.onComplete(done -> {
            vertx.cancelTimer(timer);
            settle(ctx, bytes, done);
        });
    }

    /**
     * {@code json} as a Vert.x buffer without a copy: {@code Buffer.buffer(byte[])} copies the array into a new one, a second
     * copy of every answer (about 1.1 kB a search).
     */
    static Buffer wrapped(byte[] json) {
        return BufferInternal.buffer(Unpooled.wrappedBuffer(json));
    }

    private void settle(RoutingContext ctx, long bytes, AsyncResult<Void> done) {
        answers.release(bytes);
        if (done.failed() && outOfMemory(done.cause())) {
            answers.outOfDirectMemory();
            long held = outOfMemory.tryPass();
            if (held >= 0) {
                LOG.warn("an answer of {} bytes could not be written for want of direct memory, its connection closed ({} more since"
                    + " the last of these lines; lower --max-unread-answer-bytes): {}", bytes, held, done.cause().getMessage());
            }
            close(ctx);
        }
    }

    /**
     * Closes at once: Vert.x's own close waits for the pending writes to be flushed, which is what a client that never reads
     * never lets happen; Netty's close fails them and frees their buffers.
     */
    private static void close(RoutingContext ctx) {
        if (ctx.request().version() == HttpVersion.HTTP_2) {
            ctx.response().reset();
        } else if (ctx.request().connection() instanceof ConnectionBase base && base.channel().pipeline().firstContext() != null) {
            // from the pipeline's head end: Vert.x's handler, at its tail, turns a close into one after the pending writes
            base.channel().pipeline().firstContext().close();
        } else {
            ctx.request().connection().close();
        }
    }

    static boolean outOfMemory(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof OutOfMemoryError) {
                return true;
            }
        }
        return false;
    }
}
