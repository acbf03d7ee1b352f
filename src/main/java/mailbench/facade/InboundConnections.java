package mailbench.facade;

import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.vertx.core.http.HttpConnection;

/**
 * A cap on the facade's inbound connections, over all its servers: past it, a new connection is
 * closed at once, before a byte of it is read. Each open connection costs buffers and a file
 * descriptor whether or not it ever sends a request.
 */
final class InboundConnections {

    private static final Logger LOG = LoggerFactory.getLogger(InboundConnections.class);

    private final int max;
    private final AtomicInteger open = new AtomicInteger();
    private final ThrottledWarning warning = new ThrottledWarning(10_000_000_000L, System::nanoTime);

    InboundConnections(int max) {
        this.max = max;
    }

    /** False: past the cap, closed. */
    boolean admit(HttpConnection connection) {
        if (open.incrementAndGet() > max) {
            open.decrementAndGet();
            long held = warning.tryPass();
            if (held >= 0) {
                LOG.warn("closed a new connection from {}: {} are open (--max-client-connections); {} more closed since the last"
                    + " of these lines", connection.remoteAddress(), max, held);
            }
            connection.close();
            return false;
        }
        connection.closeHandler(closed -> open.decrementAndGet());
        return true;
    }
}
