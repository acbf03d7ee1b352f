package mailbench.facade;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import io.vertx.core.Vertx;

/**
 * Runs a request's heavy part on a worker thread: parsing its body, and starting its OpenSearch call, which serialises
 * the request (megabytes for a large bulk) on the calling thread. The event loop goes on serving other requests
 * meanwhile; a small body is handled in place, where a hop would cost more than it saves.
 */
final class OffLoop {

    /** About a millisecond of parsing: bulks of more than a few dozen messages, or messages with large attachment text. */
    static final int INLINE_MAX_BYTES = 64 * 1024;
    /**
     * A bulk item costs a document or an error slot in the answer however small it is: 8,000 items of {@code 0} fit in
     * 16 KiB. Newlines and commas bound a bulk's items from above (a comma also separates a message's fields), and a
     * bulk with more of them than this goes to a worker whatever its size.
     */
    static final int INLINE_MAX_SEPARATORS = 64;

    private OffLoop() {
    }

    /** Whether a message body is heavy enough for a worker thread. */
    static boolean heavy(byte[] body) {
        return body.length > INLINE_MAX_BYTES;
    }

    /** Whether a bulk body is: by its bytes, or by how many items it may hold. */
    static boolean heavyBulk(byte[] body) {
        if (heavy(body)) {
            return true;
        }
        int separators = 0;
        for (byte b : body) {
            if ((b == '\n' || b == ',') && ++separators > INLINE_MAX_SEPARATORS) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code work}'s future; a {@link BadRequest} either thrown here (done in place) or failing the future (on a worker).
     * Heavy work runs one at a time per event loop: bodies parsed side by side would each take part of
     * {@code --max-held-bytes} as they go, and together they could all fall short of it and all be refused. One at a
     * time, each either takes all it needs or is refused while the ones before it go on. The worker's answer hops back
     * to the event loop before the future it started is followed.
     */
    static <T> CompletableFuture<T> run(Vertx vertx, boolean heavy, Supplier<CompletableFuture<T>> work) {
        if (!heavy) {
            return work.get();
        }
        return vertx.executeBlocking(work::get, true).toCompletionStage().toCompletableFuture().thenCompose(started -> started);
    }
}
