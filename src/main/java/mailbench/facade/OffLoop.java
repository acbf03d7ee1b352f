package mailbench.facade;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import io.vertx.core.Vertx;

/**
 * Parses a large body on a worker thread, so the event loop goes on serving other requests while
 * megabytes of JSON are read; a small body is parsed in place, where a hop would cost more than it saves.
 */
final class OffLoop {

    /** About a millisecond of parsing: bulks of more than a few dozen messages, or messages with large attachment text. */
    static final int INLINE_MAX_BYTES = 64 * 1024;

    private OffLoop() {
    }

    /** The parsed value; a {@link BadRequest} either thrown here (small body) or failing the future (large body). */
    static <T> CompletableFuture<T> parse(Vertx vertx, byte[] body, Supplier<T> parser) {
        if (body.length <= INLINE_MAX_BYTES) {
            return CompletableFuture.completedFuture(parser.get());
        }
        return vertx.executeBlocking(parser::get, false).toCompletionStage().toCompletableFuture();
    }
}
